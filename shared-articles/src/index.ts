/**
 * The browser-facing entry of shared-articles: the model types, small helpers and the API client.
 * The response contract (zod/mini) is a chunk the client and `parseArticles` load on demand
 * (./lazyContract.ts); input validation (full zod) lives behind `shared-articles/schema`, seed
 * content behind `shared-articles/seed`, the contents list behind `shared-articles/contents`, so
 * none of them reaches every visitor.
 */
export * from './types';
export type { AdminUser, Article, ArticleFields, BusinessArticle, ServerInfo } from './contract';
export { parseArticles } from './lazyContract';
export * from './text';
export * from './search';
export * from './dates';
export * from './related';
export * from './thumbnails';
export * from './sort';
export * from './client';
