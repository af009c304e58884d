import { screen, within } from '@testing-library/react';
import { fakeFetch, renderApp } from 'shared-data/testing';
import AdminConsoleRoutes from '../../../routes';
import { adminAuth } from '../../../testing/adminAuth';

const renderAdmin = (url: string) => renderApp(<AdminConsoleRoutes />, { url, auth: adminAuth });

const serverInfo = {
  adminEmails: ['admin@example.com'],
  authBackend: 'emulator',
  emulatorHost: '127.0.0.1:9099',
  databasePath: 'articles.sqlite',
  version: '1.0.0',
};

const valueOf = (card: HTMLElement, term: string) => within(card).getByText(term).nextElementSibling;

describe('settings', () => {
  it("shows the service's admin list and auth backend beside the browser's API URL and config", async () => {
    fakeFetch({ 'GET /admin/info': () => ({ status: 200, body: serverInfo }) });
    renderAdmin('/admin/settings');

    const server = screen.getByRole('region', { name: '記事API（サーバー）' });
    expect(await within(server).findByText('admin@example.com')).toBeInTheDocument();
    expect(valueOf(server, '認証バックエンド')).toHaveTextContent('Auth エミュレーター（127.0.0.1:9099）');
    expect(valueOf(server, 'データベース')).toHaveTextContent('articles.sqlite');

    const browser = screen.getByRole('region', { name: 'この管理画面（ブラウザー）' });
    expect(valueOf(browser, 'APIのベースURL')).toHaveTextContent('http://localhost:3001/api');
    expect(valueOf(browser, '認証バックエンド')).toHaveTextContent(
      'Auth エミュレーター（localhost:9099、プロジェクト demo-ai-manabi）',
    );
    expect(screen.queryByText(/管理者メールアドレスの設定が異なります/)).not.toBeInTheDocument();
  });

  it('names the Firebase project and warns when the two admin lists differ', async () => {
    fakeFetch({
      'GET /admin/info': () => ({
        status: 200,
        body: { ...serverInfo, authBackend: 'my-project', emulatorHost: undefined, adminEmails: ['boss@example.com'] },
      }),
    });
    renderAdmin('/admin/settings');
    const server = screen.getByRole('region', { name: '記事API（サーバー）' });
    expect(await within(server).findByText('Firebase プロジェクト my-project')).toBeInTheDocument();
    expect(screen.getByText(/管理者メールアドレスの設定が異なります/)).toBeInTheDocument();
  });

  it("keeps the browser's settings visible when the service refuses", async () => {
    fakeFetch({ 'GET /admin/info': () => ({ status: 401, body: { error: 'ログインが必要です。' } }) });
    renderAdmin('/admin/settings');
    expect(await screen.findByRole('alert')).toHaveTextContent('ログインが必要です。');
    expect(screen.getByText('http://localhost:3001/api')).toBeInTheDocument();
  });
});
