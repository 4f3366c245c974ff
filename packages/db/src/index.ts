export * from './client.ts';
export { DirectoryLockedError } from './lock.ts';
export * from './query-text.ts';
export * as schema from './schema/index.ts';
