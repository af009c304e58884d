/**
 * Every query key of the article API, in one place: a write invalidates exactly what it changed,
 * and no two remotes' caches could ever disagree on what a key means.
 */
export const articleKeys = {
  all: ['articles'] as const,
  list: () => [...articleKeys.all, 'list'] as const,
  detail: (id: number) => [...articleKeys.all, 'detail', id] as const,
  bySlug: (slug: string) => [...articleKeys.all, 'slug', slug] as const,
  /** The cards under an article (its related articles, without their bodies). */
  related: (slug: string) => [...articleKeys.all, 'related', slug] as const,
};

/** Keyed by user, so a different account signing in never sees the previous one's cache. */
export const businessArticleKeys = {
  all: (uid: string | undefined) => ['business-articles', uid ?? 'anonymous'] as const,
  detail: (uid: string | undefined, slug: string) => [...businessArticleKeys.all(uid), 'slug', slug] as const,
};

export const adminKeys = {
  users: ['admin', 'users'] as const,
  serverInfo: ['admin', 'info'] as const,
};
