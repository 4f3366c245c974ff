/**
 * Compresses the built client's text files once, at build time, at the strongest settings
 * (brotli 11, gzip 9): the server sends `x.js.br` or `x.js.gz` as they are (@fastify/static's
 * preCompressed) instead of compressing every response again.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = new URL('../build/client', import.meta.url).pathname;
const TEXT = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|map)$/;
// Below this, compression saves less than its headers cost.
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
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
  files += 1;
  before += source.length;
  after += br.length;
};
walk(root);
process.stdout.write(
  `precompressed ${files} files: ${Math.round(before / 1024)} KB -> ${Math.round(after / 1024)} KB (brotli)\n`,
);
