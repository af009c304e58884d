export * from './canary';
export * from './environments';
export { rollbackStep } from './rollback';
export * from './versionId';
export * from './schemas';
export * from './series';
export type * from './types';
export type * from './canaryTypes';
export { createReleaseClient, ReleaseApiError, type ReleaseClient, type ReleaseClientOptions } from './client';
