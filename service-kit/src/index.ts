/** The plumbing the article API and the release service share; each service keeps its own routes and data. */
export * from './auth/firebase';
export * from './auth/guards';
export * from './auth/types';
export * from './config';
export * from './contentVersion';
export * from './errors';
export * from './fastify';
export * from './parsing';
export * from './rateLimits';
export * from './rounds';
export * from './unavailable';
export * from './auth/setup';
export * from './server';
