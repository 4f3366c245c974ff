import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';

/** Where uploaded and generated media live. Keys are relative paths such as "images/ab12-640.webp". */
export type MediaStorage = {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
};

function safeKey(key: string): string {
  const clean = normalize(key).replace(/^(\.\.(\/|$))+/, '');
  if (clean.startsWith('/') || clean.includes('..')) throw new Error(`Invalid media key: ${key}`);
  return clean;
}

/** Media in a local directory (DATA_DIR/media), served by the server under /media. */
export function localMediaStorage(root: string): MediaStorage {
  return {
    async put(key, body) {
      const file = join(root, safeKey(key));
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async get(key) {
      try {
        return await readFile(join(root, safeKey(key)));
      } catch {
        return null;
      }
    },
    async exists(key) {
      try {
        await stat(join(root, safeKey(key)));
        return true;
      } catch {
        return false;
      }
    },
  };
}
