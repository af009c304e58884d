import styled from 'styled-components';
import { Banner, Button, Spinner, useDocumentTitle } from 'shared-ui';
import { PageHeader } from 'shared-ui/page';
import { errorMessage } from '../../../lib/errorMessage';
import { useAdminUsersQuery } from '../api/useAdminUsersQuery';
import { UsersTable } from './UsersTable';

const TITLE = 'ユーザー管理';

const Lead = styled.p`
  margin: -8px 0 24px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Retry = styled.div`
  display: grid;
  gap: 16px;
  justify-items: start;
`;

/** /admin/users: the accounts that have signed in, newest sign-in first. */
export function UsersPage() {
  useDocumentTitle(TITLE);
  const users = useAdminUsersQuery();
  return (
    <>
      <PageHeader size="small" title={TITLE} />
      <Lead>
        Googleアカウントでログインしたことのあるユーザーの一覧です。管理者かどうかは設定の管理者メールアドレスで決まります。
      </Lead>
      {users.isPending ? (
        <Spinner label="ユーザーを読み込んでいます..." />
      ) : users.isError ? (
        <Retry>
          <Banner tone="error">{errorMessage(users.error, 'ユーザー一覧の取得に失敗しました。')}</Banner>
          <Button type="button" $variant="secondary" onClick={() => void users.refetch()} disabled={users.isFetching}>
            再読み込み
          </Button>
        </Retry>
      ) : users.data.length === 0 ? (
        <p>まだログインしたユーザーはいません。</p>
      ) : (
        <UsersTable users={sortByLastSignIn(users.data)} />
      )}
    </>
  );
}

/** Most recent sign-in first; accounts that never signed in (or with an unreadable time) last. */
function sortByLastSignIn<T extends { lastSignInAt: string | null }>(users: readonly T[]): T[] {
  const time = (user: T) => (user.lastSignInAt ? Date.parse(user.lastSignInAt) : NaN);
  const key = (user: T) => (Number.isNaN(time(user)) ? -Infinity : time(user));
  return [...users].sort((a, b) => key(b) - key(a));
}
