/**
 * The browser-facing entry of shared-articles: the response contract (shared-core's zod/mini), model types and
 * small helpers. Input validation (full zod) lives behind `shared-articles/schema`, seed content behind `shared-articles/seed`, the
 * contents list behind `shared-articles/contents`, so none of them reaches every visitor.
 */
export * from './types';
export * from './contract';
export * from './text';
export * from './search';
export * from './dates';
export * from './related';
export * from './thumbnails';
export * from './sort';
export * from './client';
