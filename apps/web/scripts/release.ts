/**
 * Puts a new build in place of the one a server may be running from. The live folder is never empty
 * or missing a file a served page names: the new build is made beside it, and the previous build's
 * hashed assets the new one lacks are carried over, so a page rendered before the build (an open
 * tab, a server not yet restarted, another copy) still loads its scripts from the new one.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** How long an asset stays after the last build that made it: longer than any rolling upgrade. */
export const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

// Hashed files: the browser's (scripts, styles, images) and the server's own chunks, which a running
// server imports when first needed (the Stripe payment form).
const ASSET_FOLDERS = ['client/assets', 'server/assets'];

/**
 * Copies into `next`'s asset folders the files of `previous`'s it has not, each unless its last
 * build (its modification time, which a copy keeps) is more than `keepMs` before `now`. A .br or .gz
 * copy goes with the file it compresses. Returns the paths carried over.
 */
export function carryOverAssets(previous: string, next: string, now: number, keepMs = KEEP_MS): string[] {
  return ASSET_FOLDERS.flatMap((folder) => {
    const from = join(previous, folder);
    const to = join(next, folder);
    if (!existsSync(from)) return [];
    const built = new Set(existsSync(to) ? readdirSync(to) : []);
    const kept = readdirSync(from).filter((name) => {
      if (built.has(name)) return false;
      const source = join(from, name.replace(/\.(br|gz)$/, ''));
      return now - statSync(existsSync(source) ? source : join(from, name)).mtimeMs <= keepMs;
    });
    if (kept.length) mkdirSync(to, { recursive: true });
    for (const name of kept) cpSync(join(from, name), join(to, name), { preserveTimestamps: true });
    return kept.map((name) => join(folder, name));
  });
}

/**
 * Replaces `live` by `next` with two renames, a moment apart: the path never names a half-built or
 * half-removed folder, as building or copying in place would.
 */
export function putInPlace(next: string, live: string) {
  const old = `${live}.old`;
  rmSync(old, { recursive: true, force: true });
  if (existsSync(live)) renameSync(live, old);
  renameSync(next, live);
  rmSync(old, { recursive: true, force: true });
}
