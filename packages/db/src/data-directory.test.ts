import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { DataDirectoryError, dataDirectoryFailure } from './data-directory.ts';

describe('a data directory the embedded database cannot use', () => {
  const dir = mkdtempSync(join(tmpdir(), 'barbershop-data-dir-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is named with the reason when a file stands in its place', async () => {
    const file = join(dir, 'data');
    writeFileSync(file, 'not a directory');
    const opening = openDatabase({ dataDir: file });
    await expect(opening).rejects.toBeInstanceOf(DataDirectoryError);
    await expect(opening).rejects.toThrow(
      `The data directory ${file} cannot be used: a file stands where the directory should be (EEXIST). Free space or make it writable by this user, or set DATA_DIR to one that is.`,
    );
  });

  // PGlite's file system reports a full or read-only disk by Emscripten's numbers, as this shape
  // (seen on a 4 MB tmpfs and a read-only mount; mounting needs privileges a test does not have).
  it("reads PGlite's full and read-only disks as well as Node's", () => {
    const pglite = (errno: number) => Object.assign(new Error(), { name: 'ErrnoError', errno });
    expect(dataDirectoryFailure(pglite(51), '/srv/shop')?.message).toContain('the disk is full (ENOSPC)');
    expect(dataDirectoryFailure(pglite(69), '/srv/shop')?.message).toContain(
      'it is on a read-only file system (EROFS)',
    );
    expect(dataDirectoryFailure(Object.assign(new Error(), { code: 'EACCES' }), '/srv/shop')?.message).toBe(
      'The data directory /srv/shop cannot be used: this user may not write to it (EACCES). Free space or make it writable by this user, or set DATA_DIR to one that is.',
    );
    expect(dataDirectoryFailure(new Error('syntax error'), '/srv/shop')).toBeNull();
    expect(dataDirectoryFailure(pglite(28), '/srv/shop')).toBeNull();
  });
});
