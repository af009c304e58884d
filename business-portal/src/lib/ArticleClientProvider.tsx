import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { createArticleClient, type ArticleClient } from 'shared-articles';
import { useAuth } from 'shared-auth';
import { getRuntimeConfig } from 'shared-core';

const ArticleClientContext = createContext<ArticleClient | null>(null);

/**
 * The article API with the signed-in user's ID token on every request. Tests pass their own
 * `client` instead of standing up a server.
 */
export function ArticleClientProvider({ children, client }: { children: ReactNode; client?: ArticleClient }) {
  const { getIdToken } = useAuth();
  const value = useMemo(
    () => client ?? createArticleClient({ baseUrl: getRuntimeConfig().apiBaseUrl, getIdToken }),
    [client, getIdToken],
  );
  return <ArticleClientContext.Provider value={value}>{children}</ArticleClientContext.Provider>;
}

export function useArticleClient(): ArticleClient {
  const client = useContext(ArticleClientContext);
  if (!client) throw new Error('useArticleClient must be used inside ArticleClientProvider');
  return client;
}
