import { act, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { registerRemotes } from '@module-federation/enhanced/runtime';
import type { AuthContextValue } from 'shared-auth';
import { AuthTestProvider } from 'shared-auth/testing';
import { fakeFetch, renderApp, testUser } from 'shared-data/testing';
import { defaultRuntimeConfig, setRuntimeConfig, storageKeys } from 'shared-core';
import { PreviewBanner } from './PreviewBanner';
import { reloadTo } from './pageReload';
import { resetPreviewForTests } from './preview';
import { entryOf, loadRegistry } from './registry';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn() }));
jest.mock('./pageReload', () => ({ reloadTo: jest.fn() }));

const REGISTRY_ENTRY = 'http://localhost:3004/mf-manifest.json';
const PREVIEW = 'http://127.0.0.1:4004/releases/next/mf-manifest.json';
const admin = testUser({ uid: 'a', email: 'admin@example.com', displayName: '管理者' });

const renderBanner = (auth: Partial<AuthContextValue>) => renderApp(<PreviewBanner />, { auth });

describe('PreviewBanner', () => {
  beforeEach(async () => {
    setRuntimeConfig({ ...defaultRuntimeConfig('localhost'), previewOrigins: ['http://127.0.0.1:4004'] });
    fakeFetch(() => ({ status: 200, body: { admin_console: REGISTRY_ENTRY } }));
    await loadRegistry();
    resetPreviewForTests();
    jest.mocked(registerRemotes).mockClear();
    localStorage.clear();
    window.history.replaceState(null, '', `/admin?mf-override=admin_console=${encodeURIComponent(PREVIEW)}`);
  });

  it('ignores a visitor’s ?mf-override= and stores nothing', () => {
    renderBanner({});
    expect(screen.queryByRole('complementary', { name: 'リモートのプレビュー' })).toBeNull();
    expect(entryOf('admin_console')).toBe(REGISTRY_ENTRY);
    expect(localStorage.getItem(storageKeys.previewOverrides)).toBeNull();
    expect(registerRemotes).not.toHaveBeenCalled();
  });

  it('ignores it for a signed-in operator and for an admin flag Firebase has not confirmed yet', () => {
    const { changeAuth } = renderBanner({ currentUser: { ...admin, email: 'op@example.com' }, isAdmin: false });
    changeAuth({ currentUser: null, userProfile: admin, isAdmin: true, loading: true });
    expect(entryOf('admin_console')).toBe(REGISTRY_ENTRY);
    expect(registerRemotes).not.toHaveBeenCalled();
  });

  it('applies it for a confirmed admin, names it in the banner and remembers it', async () => {
    renderBanner({ currentUser: admin, isAdmin: true });
    expect(await screen.findByRole('complementary', { name: 'リモートのプレビュー' })).toHaveTextContent(
      `プレビュー中: admin_console → ${PREVIEW}`,
    );
    expect(entryOf('admin_console')).toBe(PREVIEW);
    expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'admin_console', entry: PREVIEW }], { force: true });
    expect(JSON.parse(localStorage.getItem(storageKeys.previewOverrides)!)).toEqual({ admin_console: PREVIEW });
  });

  it('refuses an origin outside the allow-list with a message, and keeps the registry’s remote', async () => {
    window.history.replaceState(null, '', '/admin?mf-override=admin_console=http://127.0.0.1:4003/mf-manifest.json');
    renderBanner({ currentUser: admin, isAdmin: true });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'プレビューを拒否しました: admin_console → http://127.0.0.1:4003/mf-manifest.json（http://127.0.0.1:4003 はプレビューを許可されたオリジンではありません）',
    );
    expect(entryOf('admin_console')).toBe(REGISTRY_ENTRY);
    expect(localStorage.getItem(storageKeys.previewOverrides)).toBeNull();
  });

  it('drops the overrides again when the admin signs out', () => {
    const { changeAuth } = renderBanner({ currentUser: admin, isAdmin: true });
    expect(entryOf('admin_console')).toBe(PREVIEW);
    act(() => changeAuth({}));
    expect(entryOf('admin_console')).toBe(REGISTRY_ENTRY);
    expect(screen.queryByRole('complementary', { name: 'リモートのプレビュー' })).toBeNull();
  });

  it('リセット forgets the override and reloads without the parameter', async () => {
    renderBanner({ currentUser: admin, isAdmin: true });
    await userEvent.click(await screen.findByRole('button', { name: 'リセット' }));
    expect(localStorage.getItem(storageKeys.previewOverrides)).toBeNull();
    expect(reloadTo).toHaveBeenCalledWith('http://localhost/admin');
  });

  it('renders on the server (the shell renders public pages there) as no banner', () => {
    expect(
      renderToString(
        <AuthTestProvider value={{ currentUser: admin, isAdmin: true }}>
          <PreviewBanner />
        </AuthTestProvider>,
      ),
    ).toBe('');
  });
});
