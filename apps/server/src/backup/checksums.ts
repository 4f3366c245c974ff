import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';

/**
 * What a backup's manifest records of each file it writes. A copy cut short (an interrupted rsync)
 * or changed since no longer matches, where the counts alone let a half image through.
 */
export type FileChecksum = { bytes: number; sha256: string };

/** The size and SHA-256 of a file's contents, taken from the bytes as they are written. */
export function checksumOf(body: Uint8Array): FileChecksum {
  return { bytes: body.byteLength, sha256: createHash('sha256').update(body).digest('hex') };
}

function missing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/**
 * Checks every file of the backup in `dir` against its manifest's record, in the order written, and
 * throws naming the first one missing or damaged. Each file is streamed: a table's file or an image
 * may be larger than the memory to spare.
 */
export async function verifyFiles(dir: string, files: Record<string, FileChecksum>): Promise<void> {
  for (const [name, expected] of Object.entries(files)) {
    // The backup writes only inside its folder: a name reaching out of it is not one of its files.
    if (isAbsolute(name) || name.split(/[\\/]/).includes('..'))
      throw new Error(`The backup's manifest names ${name}, outside its folder: nothing was restored.`);
    const path = join(dir, name);
    let bytes: number;
    try {
      bytes = (await stat(path)).size;
    } catch (error) {
      throw new Error(
        `The backup's ${path} ${missing(error) ? 'is missing' : 'cannot be read'}: nothing was restored.`,
        { cause: error },
      );
    }
    // The size first: a copy cut short is found without reading it.
    if (bytes !== expected.bytes) {
      const short = bytes < expected.bytes ? ' (copied only in part?)' : '';
      throw new Error(
        `The backup's ${path} holds ${bytes} bytes where its manifest records ${expected.bytes}${short}: nothing was restored.`,
      );
    }
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(path)) hash.update(chunk);
    if (hash.digest('hex') !== expected.sha256) {
      throw new Error(
        `The backup's ${path} does not match the SHA-256 its manifest records (changed or damaged since the backup): nothing was restored.`,
      );
    }
  }
}
