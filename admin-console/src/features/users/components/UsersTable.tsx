import styled from 'styled-components';
import { formatJapaneseDateTime, type AdminUser } from 'shared-articles';
import { DataTable, HiddenCaption } from '../../../components/DataTable';

const Badge = styled.span<{ $admin: boolean }>`
  display: inline-block;
  justify-self: start;
  padding: 2px 10px;
  border-radius: 999px;
  font-size: 0.8rem;
  font-weight: 700;
  white-space: nowrap;
  border: 1px solid ${({ theme, $admin }) => ($admin ? theme.colors.secondary : theme.colors.textMuted)};
  background: ${({ theme, $admin }) => ($admin ? theme.colors.secondary : 'transparent')};
  /* On the teal badge the text stays near-black in both themes (about 8:1). */
  color: ${({ theme, $admin }) => ($admin && theme.mode === 'dark' ? theme.colors.background : theme.colors.text)};
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Email = styled.td`
  overflow-wrap: anywhere;
`;

/** Accounts with their sign-in history; times in Japan time, '不明' when the provider has none. */
export function UsersTable({ users }: { users: readonly AdminUser[] }) {
  return (
    <DataTable>
      <HiddenCaption>ユーザー一覧</HiddenCaption>
      <thead>
        <tr>
          <th scope="col">メールアドレス</th>
          <th scope="col">表示名</th>
          <th scope="col">作成日時</th>
          <th scope="col">最終ログイン</th>
          <th scope="col">権限</th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => (
          <tr key={user.uid}>
            <Email data-label="メールアドレス">{user.email ?? <Muted>未設定</Muted>}</Email>
            <td data-label="表示名">{user.displayName ?? <Muted>表示名未設定</Muted>}</td>
            <td data-label="作成日時">{formatJapaneseDateTime(user.createdAt)}</td>
            <td data-label="最終ログイン">{formatJapaneseDateTime(user.lastSignInAt)}</td>
            <td data-label="権限">
              <Badge $admin={user.isAdmin}>{user.isAdmin ? '管理者' : '一般'}</Badge>
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
