import { useQuery } from '@tanstack/react-query';
import { useArticleClient } from '../../../lib/useArticleClient';

export const adminUsersKey = ['admin', 'users'] as const;

/** The Firebase accounts, as article-api's admin-only GET /api/admin/users lists them. */
export function useAdminUsersQuery() {
  const client = useArticleClient();
  return useQuery({ queryKey: adminUsersKey, queryFn: () => client.listUsers() });
}
