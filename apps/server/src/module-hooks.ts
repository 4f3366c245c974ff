import { existsSync } from 'node:fs';
import { type ResolveFnOutput, registerHooks } from 'node:module';

const DRIZZLE = '/node_modules/drizzle-orm/';
// A package name, not a path, URL, built-in or a package's own `#import`: `zod`, `drizzle-orm/pg-core`.
const BARE = /^(?![./#]|node:|file:|data:)/;
// A relative path naming its file in full, as ESM requires: `./util.js`, `../schema/users.ts`.
const RELATIVE_FILE = /^\.\.?\/.*\.[cm]?[jt]s$/;

const resolved = new Map<string, ResolveFnOutput>();
const lookups = new Map<string, string>();

/**
 * The node_modules folders Node searches for a package name imported from the directory `url`
 * (ending in `/`), nearest first: all its answer depends on, besides the package's own self-reference,
 * which names the same files.
 */
function lookupPath(url: string): string {
  let path = lookups.get(url);
  if (path === undefined) {
    const parent = new URL('..', url).href;
    const own = !url.endsWith('/node_modules/') && existsSync(new URL('node_modules', url)) ? url : '';
    path = parent === url ? own : `${own} ${lookupPath(parent)}`;
    lookups.set(url, path);
  }
  return path;
}

/**
 * Start-up time spent resolving modules, cut three ways. Registered by main.ts before anything imports
 * drizzle (docs/performance.md):
 * - drizzle-orm's relative imports are resolved here. Node's ESM loader reads the package's 179 KB
 *   package.json (its exports map) again for each of drizzle's few hundred files: 1 s of start-up and
 *   about 150 MB of garbage that grew the heap for good. The package is "type": "module" and its
 *   relative imports name their files in full, so joining the URL is all resolution has to do.
 * - Any other `import` of a relative file is that URL joined too. Node's own resolution adds a stat
 *   and a realpath per file (~0.25 ms each, ~600 files at start); the project and its packages are
 *   plain directories (no symlinked files), and a missing file still fails when it is loaded. The
 *   format is left to the loader (the extension or the package's "type"). `require` keeps Node's
 *   resolution: it may leave out the extension.
 * - A package name imported again, under the same conditions, from a directory that searches the same
 *   node_modules folders resolves to what it did the first time, so that answer is reused: the
 *   schema's files and the repositories import `drizzle-orm` and `drizzle-orm/pg-core` from some 30
 *   directories, and each lookup parses that 179 KB package.json again (2-14 ms each).
 */
registerHooks({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    if (specifier.startsWith('.') && parent?.includes(DRIZZLE))
      return { url: new URL(specifier, parent).href, format: 'module', shortCircuit: true };
    if (!parent?.startsWith('file:')) return nextResolve(specifier, context);
    if (RELATIVE_FILE.test(specifier) && !context.conditions.includes('require'))
      return { url: new URL(specifier, parent).href, shortCircuit: true };
    if (!BARE.test(specifier)) return nextResolve(specifier, context);
    const key = `${lookupPath(new URL('.', parent).href)}\0${specifier}\0${context.conditions}`;
    let hit = resolved.get(key);
    if (!hit) {
      hit = nextResolve(specifier, context);
      resolved.set(key, hit);
    }
    return { ...hit, shortCircuit: true };
  },
});
