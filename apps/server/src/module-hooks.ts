import { type ResolveFnOutput, registerHooks } from 'node:module';

const DRIZZLE = '/node_modules/drizzle-orm/';
// A package name, not a path, URL or built-in: `zod`, `drizzle-orm/pg-core`, `@barbershop/db`.
const BARE = /^(?![./]|node:|file:|data:)/;

const resolved = new Map<string, ResolveFnOutput>();

/**
 * Start-up time spent resolving modules, cut two ways. Registered by main.ts before anything imports
 * drizzle (docs/performance.md):
 * - drizzle-orm's relative imports are resolved here. Node's ESM loader reads the package's 179 KB
 *   package.json (its exports map) again for each of drizzle's few hundred files: 1 s of start-up and
 *   about 150 MB of garbage that grew the heap for good. The package is "type": "module" and its
 *   relative imports name their files in full, so joining the URL is all resolution has to do.
 * - A package name imported again from the same directory, under the same conditions, resolves to
 *   what it did the first time, so that answer is reused: each of the schema's files imports
 *   `drizzle-orm/pg-core`, and each lookup parses that package.json again (~80 ms of CPU in all).
 */
registerHooks({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    if (specifier.startsWith('.') && parent?.includes(DRIZZLE))
      return { url: new URL(specifier, parent).href, format: 'module', shortCircuit: true };
    if (!parent?.startsWith('file:') || !BARE.test(specifier)) return nextResolve(specifier, context);
    const key = `${parent.slice(0, parent.lastIndexOf('/'))}\0${specifier}\0${context.conditions}`;
    let hit = resolved.get(key);
    if (!hit) {
      hit = nextResolve(specifier, context);
      resolved.set(key, hit);
    }
    return { ...hit, shortCircuit: true };
  },
});
