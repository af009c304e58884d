export * from './canary';
export * from './environments';
export { rollbackStep } from './rollback';
export * from './versionId';
export * from './vitals';
export * from './schemas';
export type * from './types';
export { createReleaseClient, ReleaseApiError, type ReleaseClient, type ReleaseClientOptions } from './client';
