import { useQuery } from '@tanstack/react-query';
import { adminKeys, useArticleClient } from 'shared-data';

/** The Firebase accounts, as article-api's admin-only GET /api/admin/users lists them. */
export function useAdminUsersQuery() {
  const client = useArticleClient();
  return useQuery({ queryKey: adminKeys.users, queryFn: () => client.listUsers() });
}
