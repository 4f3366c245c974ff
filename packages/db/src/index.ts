export * from './client.ts';
export { DataDirectoryError } from './data-directory.ts';
export { DirectoryLockedError, lockDirectory } from './lock.ts';
export * from './migrations.ts';
export * from './query-text.ts';
export * as schema from './schema/index.ts';
