import { registerHooks } from 'node:module';

const DRIZZLE = '/node_modules/drizzle-orm/';

/**
 * Resolves drizzle-orm's relative imports ourselves. Node's ESM loader reads the package's 179 KB
 * package.json (its exports map) again for each of drizzle's few hundred files: 1 s of start-up and
 * about 150 MB of garbage that grew the heap for good (docs/performance.md). The package is
 * "type": "module" and its relative imports name their files in full, so joining the URL is all
 * resolution has to do. Registered by main.ts before anything imports drizzle.
 */
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier.startsWith('.') && context.parentURL?.includes(DRIZZLE))
      return { url: new URL(specifier, context.parentURL).href, format: 'module', shortCircuit: true };
    return nextResolve(specifier, context);
  },
});
