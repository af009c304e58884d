import { useMemo } from 'react';
import { createArticleClient, type ArticleClient } from 'shared-articles';
import { useAuth } from 'shared-auth';
import { getRuntimeConfig } from 'shared-core';

/** The article-api client of the signed-in admin: every call carries their ID token. */
export function useArticleClient(): ArticleClient {
  const { getIdToken } = useAuth();
  return useMemo(() => createArticleClient({ baseUrl: getRuntimeConfig().apiBaseUrl, getIdToken }), [getIdToken]);
}
