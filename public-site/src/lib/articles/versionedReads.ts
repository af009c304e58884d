import type { Article, ArticleClient } from 'shared-articles';

/** Article pages remembered per API version: enough for every article, bounded against slug floods. */
const MAX_ANSWERS = 1000;

export type PublicReads = Pick<ArticleClient, 'list' | 'getBySlug'>;

interface VersionAnswers {
  version: string;
  answers: Map<string, Promise<unknown>>;
}

/**
 * The article service's public answers, shared by every page the server renders at one change
 * version of the API (the shell's server asks the version per request, docs/server-rendering.md).
 * An answer cannot change within a version, so a render at a known version fetches, parses and
 * validates the list once instead of on every request. A failed answer is not kept (the next
 * render asks again); without a version (the API unreachable, or an old shell) nothing is.
 */
export function createVersionedReads() {
  const byApi = new Map<string, VersionAnswers>();

  return function reads(api: ArticleClient, apiBaseUrl: string, version: string | undefined): PublicReads {
    if (!version) return api;
    let current = byApi.get(apiBaseUrl);
    if (current?.version !== version) {
      current = { version, answers: new Map() };
      byApi.set(apiBaseUrl, current);
    }
    const { answers } = current;
    const remember = <T>(key: string, ask: () => Promise<T>): Promise<T> => {
      const kept = answers.get(key);
      if (kept) return kept as Promise<T>;
      const answer = ask();
      answers.set(key, answer);
      answer.catch(() => answers.delete(key));
      if (answers.size > MAX_ANSWERS) answers.delete(answers.keys().next().value as string);
      return answer;
    };
    return {
      list: () => remember<Article[]>('list', () => api.list()),
      getBySlug: (slug) => remember<Article>(`slug:${slug}`, () => api.getBySlug(slug)),
    };
  };
}
