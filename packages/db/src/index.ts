export * from './client.ts';
export { DataDirectoryError } from './data-directory.ts';
export { DirectoryLockedError, lockDirectory } from './lock.ts';
export * from './migrations.ts';
export { POOL_SIZE, STATEMENT_TIMEOUT_MS } from './pool.ts';
export * from './query-text.ts';
export * as schema from './schema/index.ts';
export { inNameOrder, searchFolded } from './schema/name-order.ts';
