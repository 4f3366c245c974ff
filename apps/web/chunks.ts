import type { ChunkingContext, CodeSplittingGroup } from 'rolldown';

/** React Router's suffix on the client half of a route module (an entry of the client build). */
const CLIENT_ROUTE = '?__react-router-build-client-route';
/** What every public page runs: the client entry, the root route and the site layout. */
const SHELL = [/[\\/]entry\.client\.[jt]sx?$/, /[\\/]app[\\/]root\.tsx\?/, /[\\/]site-layout\.tsx\?/];

/**
 * The public pages' shell as two chunks instead of about twenty: every module the client entry, the
 * root route and the site layout import statically, React and React Router in `vendor` and our own in
 * `site`. Each public page loaded about twenty small scripts before; on a phone's network every one
 * waits for a connection of its own (Lighthouse models HTTP/1.1: six per host), and the first paint
 * waited for them (docs/performance.md, "First load"). Route modules and what only they import keep
 * their own chunks, and dynamic imports (Leaflet, Stripe) are never followed, so the dashboard's and
 * the map's code stay out of the shell.
 */
export function shellChunks(): CodeSplittingGroup[] {
  const ids: string[] = [];
  let shell: Set<string> | undefined;
  const inShell = (id: string, ctx: ChunkingContext) => {
    shell ??= closure(
      ids.filter(
        (candidate) =>
          SHELL.some((pattern) => pattern.test(candidate)) &&
          (!candidate.includes('?') || candidate.endsWith(CLIENT_ROUTE)),
      ),
      ctx,
    );
    return shell.has(id) && !ctx.getModuleInfo(id)?.isEntry;
  };
  const vendor = (id: string) => /[\\/]node_modules[\\/]/.test(id);
  const react = (id: string) => /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id);
  return [
    // React first, then the other packages, each ahead of `site`, so they stay in their own chunks
    // rather than following our modules that import them. Two chunks, not one: the page starts them
    // one task each (lib/start-after-paint.ts), so neither blocks input for long.
    {
      name: (id, ctx) => (react(id) && inShell(id, ctx) ? 'react' : null),
      priority: 3,
      // Every module passes through here before the first `name` call (rolldown's contract), which
      // is how the shell's roots are found.
      test: (id) => {
        ids.push(id);
        return true;
      },
    },
    { name: (id, ctx) => (vendor(id) && inShell(id, ctx) ? 'vendor' : null), priority: 2 },
    { name: (id, ctx) => (!vendor(id) && inShell(id, ctx) ? 'site' : null), priority: 1 },
  ];
}

/** Every module the roots import statically, the roots included. */
function closure(roots: string[], ctx: ChunkingContext) {
  const found = new Set<string>();
  const pending = [...roots];
  while (pending.length) {
    const next = pending.pop()!;
    if (found.has(next)) continue;
    found.add(next);
    pending.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
  }
  return found;
}
