/**
 * The end of `npm run build`, after React Router built into build.next: compresses it, carries the
 * live build's recent assets over and puts it in place of `build` (release.ts says why).
 */
import { join } from 'node:path';
import { precompress } from './precompress.ts';
import { carryOverAssets, putInPlace } from './release.ts';

const web = join(import.meta.dirname, '..');
const next = join(web, 'build.next');
const live = join(web, 'build');

const { files, before, after } = precompress(join(next, 'client'));
process.stdout.write(
  `precompressed ${files} files: ${Math.round(before / 1024)} KB -> ${Math.round(after / 1024)} KB (brotli)\n`,
);
const carried = carryOverAssets(live, next, Date.now());
putInPlace(next, live);
process.stdout.write(`kept ${carried.length} files of earlier builds' assets\n`);
