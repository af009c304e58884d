import { useQuery } from '@tanstack/react-query';
import { adminKeys, useArticleClient } from 'shared-data';

/** What article-api itself runs with (GET /api/admin/info, admin only). */
export function useServerInfoQuery() {
  const client = useArticleClient();
  return useQuery({ queryKey: adminKeys.serverInfo, queryFn: () => client.getServerInfo() });
}
