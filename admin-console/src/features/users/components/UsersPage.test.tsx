import { screen, within } from '@testing-library/react';
import { fakeFetch, renderApp } from 'shared-data/testing';
import AdminConsoleRoutes from '../../../routes';
import { adminAuth } from '../../../testing/adminAuth';

const renderAdmin = (url: string) => renderApp(<AdminConsoleRoutes />, { url, auth: adminAuth });

const users = [
  {
    uid: 'u1',
    email: 'owner@example.com',
    emailVerified: true,
    displayName: null,
    createdAt: '2025-05-01T00:00:00.000Z',
    lastSignInAt: null,
    isAdmin: false,
  },
  {
    uid: 'u2',
    email: 'admin@example.com',
    emailVerified: true,
    displayName: '管理者',
    createdAt: '2025-04-01T03:04:00.000Z',
    lastSignInAt: '2025-05-30T05:05:00.000Z',
    isAdmin: true,
  },
];

describe('user management', () => {
  it('lists the accounts, latest sign-in first, with Japan-time dates and their role', async () => {
    fakeFetch({ 'GET /admin/users': () => ({ status: 200, body: users }) });
    renderAdmin('/admin/users');

    expect(screen.getByRole('status')).toHaveTextContent('ユーザーを読み込んでいます...');
    const table = await screen.findByRole('table', { name: 'ユーザー一覧' });
    const rows = within(table).getAllByRole('row').slice(1);
    const cellTexts = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(cellTexts).toEqual([
      ['admin@example.com', '管理者', '2025年4月1日 12:04', '2025年5月30日 14:05', '管理者'],
      ['owner@example.com', '表示名未設定', '2025年5月1日 09:00', '不明', '一般'],
    ]);
  });

  it("shows the service's refusal instead of a blank page", async () => {
    fakeFetch({ 'GET /admin/users': () => ({ status: 403, body: { error: '管理者権限が必要です。' } }) });
    renderAdmin('/admin/users');
    expect(await screen.findByRole('alert')).toHaveTextContent('管理者権限が必要です。');
  });

  it('falls back to its own message when the service gives none', async () => {
    fakeFetch({ 'GET /admin/users': () => ({ status: 401, body: {} }) });
    renderAdmin('/admin/users');
    expect(await screen.findByRole('alert')).toHaveTextContent('ユーザー一覧の取得に失敗しました。');
  });
});
