/**
 * The data directory cannot hold the embedded database (read-only, full, not ours, or held by another
 * process): the message says which directory, why, and what to do, in one line for the operator.
 */
export class DataDirectoryError extends Error {
  override name = 'DataDirectoryError';
}

// Node names its errors by code; PGlite's file system (Emscripten) by number only.
const REASONS: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'it is on a read-only file system',
  EACCES: 'this user may not write to it',
  EPERM: 'this user may not write to it',
  EEXIST: 'a file stands where the directory should be',
  ENOTDIR: 'a file stands where a directory of its path should be',
};
const EMSCRIPTEN_CODES: Record<number, string> = { 2: 'EACCES', 51: 'ENOSPC', 63: 'EPERM', 69: 'EROFS' };

/** `error` as a DataDirectoryError about `dir` when the file system refused it; null for any other error. */
export function dataDirectoryFailure(error: unknown, dir: string): DataDirectoryError | null {
  if (!error || typeof error !== 'object') return null;
  const { code, errno } = error as { code?: unknown; errno?: unknown };
  const name =
    typeof code === 'string'
      ? code
      : (error as Error).name === 'ErrnoError' && typeof errno === 'number'
        ? EMSCRIPTEN_CODES[errno]
        : undefined;
  const reason = name ? REASONS[name] : undefined;
  if (!reason) return null;
  return new DataDirectoryError(
    `The data directory ${dir} cannot be used: ${reason} (${name}). Free space or make it writable by this user, or set DATA_DIR to one that is.`,
    { cause: error },
  );
}
