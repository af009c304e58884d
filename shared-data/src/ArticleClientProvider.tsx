import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { createArticleClient, type ArticleClient } from 'shared-articles';
import { useAuth } from 'shared-auth';
import { getRuntimeConfig } from 'shared-core';

const ArticleClientContext = createContext<ArticleClient | null>(null);

interface ArticleClientProviderProps {
  children: ReactNode;
  /** Tests pass their own client instead of standing up a server. */
  client?: ArticleClient;
}

/** The article API of the runtime config, with the signed-in user's ID token on every request. */
export function ArticleClientProvider({ children, client }: ArticleClientProviderProps) {
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
