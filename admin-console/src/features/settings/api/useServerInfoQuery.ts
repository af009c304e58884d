import { useQuery } from '@tanstack/react-query';
import { useArticleClient } from '../../../lib/useArticleClient';

export const serverInfoKey = ['admin', 'info'] as const;

/** What article-api itself runs with (GET /api/admin/info, admin only). */
export function useServerInfoQuery() {
  const client = useArticleClient();
  return useQuery({ queryKey: serverInfoKey, queryFn: () => client.getServerInfo() });
}
