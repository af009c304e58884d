// The article contract (./contract.ts: zod/mini and the schemas) as a chunk of its own, loaded
// when it is first needed: pages that ask the service nothing and store no articles, like a served
// `/`, never download it (docs/performance.md, "JavaScript on `/`").
import type * as ContractModule from './contract';
import type { Article } from './contract';

export type Contract = typeof ContractModule;

let contract: Promise<Contract> | undefined;

/** The contract, loaded once; a failed load is tried again by the next call. */
export function loadContract(): Promise<Contract> {
  contract ??= import('./contract').catch((error: unknown) => {
    contract = undefined;
    throw error;
  });
  return contract;
}

/**
 * The valid articles of an untrusted list (the build snapshot, the `articles` storage key), checked
 * against the article schema; anything that is not a list yields []. An empty list loads nothing.
 */
export async function parseArticles(value: unknown): Promise<Article[]> {
  if (!Array.isArray(value) || value.length === 0) return [];
  return (await loadContract()).parseArticleList(value);
}
