export * from './client.ts';
export { DirectoryLockedError } from './lock.ts';
export * as schema from './schema/index.ts';
