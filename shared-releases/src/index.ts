export * from './environments';
export * from './versionId';
export * from './schemas';
export type * from './types';
export { createReleaseClient, ReleaseApiError, type ReleaseClient, type ReleaseClientOptions } from './client';
