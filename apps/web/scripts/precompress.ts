/**
 * Compresses the built client's text files once, at build time, at the strongest settings
 * (brotli 11, gzip 9): the server sends `x.js.br` or `x.js.gz` as they are (@fastify/static's
 * preCompressed) instead of compressing every response again.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|map)$/;
// Below this, compression saves less than its headers cost.
const MIN_BYTES = 1024;

/** Writes a .br and a .gz beside each text file under `root`; returns what was compressed. */
export function precompress(root: string) {
  const totals = { files: 0, before: 0, after: 0 };
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (TEXT.test(name)) compress(path);
    }
  };
  const compress = (path: string) => {
    const source = readFileSync(path);
    if (source.length < MIN_BYTES) return;
    const br = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
    totals.files += 1;
    totals.before += source.length;
    totals.after += br.length;
  };
  walk(root);
  return totals;
}
