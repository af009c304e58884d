import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthContextValue } from 'shared-auth';
import { renderApp, signedIn } from 'shared-data/testing';
import { setViewportWidth } from 'shared-ui/testing';
import { BusinessSettingsProvider } from '../lib/BusinessSettingsProvider';
import { sampleProfile } from '../testing/fakes';
import { BusinessLayout } from './BusinessLayout';

function renderSidebar({
  url = '/business/dashboard',
  auth = signedIn(sampleProfile),
}: { url?: string; auth?: AuthContextValue } = {}) {
  return renderApp(<BusinessLayout />, { url, auth, providers: BusinessSettingsProvider });
}

describe('BusinessLayout sidebar', () => {
  let restoreViewport: () => void;
  beforeEach(() => {
    restoreViewport = setViewportWidth(1280);
  });
  afterEach(() => restoreViewport());

  it('links to the four pages of the spec, in order, marking the current one', () => {
    renderSidebar({ url: '/business/settings' });
    const nav = screen.getByRole('navigation', { name: '事業者ナビゲーション' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['ダッシュボード', '/business/dashboard'],
      ['私たちについて', '/about'],
      ['AI記事一覧', '/articles'],
      ['設定', '/business/settings'],
    ]);
    expect(within(nav).getByRole('link', { name: '設定' })).toHaveAttribute('aria-current', 'page');
  });

  describe('user block', () => {
    const avatar = () => screen.getByTestId('user-avatar');
    const name = () => screen.getByTestId('sidebar-user-name');

    it('shows the photo, the display name and the e-mail', () => {
      renderSidebar({ auth: signedIn({ ...sampleProfile, photoURL: 'https://example.com/me.png' }) });
      expect(avatar().querySelector('img')).toHaveAttribute('src', 'https://example.com/me.png');
      expect(name()).toHaveTextContent('Taro Yamada');
      expect(screen.getByText('taro@example.com')).toBeInTheDocument();
    });

    it('falls back to the initials of the display name without a photo', () => {
      renderSidebar();
      expect(avatar()).toHaveTextContent('TY');
      expect(avatar().querySelector('img')).toBeNull();
    });

    it('uses the account name when the profile has none', () => {
      const account = { ...sampleProfile, displayName: 'Account Owner' };
      renderSidebar({ auth: signedIn({ ...sampleProfile, displayName: null }, { currentUser: account }) });
      expect(name()).toHaveTextContent('Account Owner');
    });

    it('falls back to the e-mail: its first letter in the avatar, the address as the name', () => {
      renderSidebar({ auth: signedIn({ ...sampleProfile, displayName: null }) });
      expect(avatar()).toHaveTextContent('T');
      expect(name()).toHaveTextContent('taro@example.com');
    });

    it('ends with U and ユーザー when nothing is known', () => {
      const anonymous = { ...sampleProfile, displayName: null, email: '' };
      renderSidebar({ auth: signedIn(anonymous) });
      expect(avatar()).toHaveTextContent('U');
      expect(name()).toHaveTextContent('ユーザー');
    });

    it('leads to the profile', () => {
      renderSidebar();
      expect(screen.getByRole('link', { name: /Taro Yamada/ })).toHaveAttribute('href', '/profile');
    });
  });

  it('logs out, then goes to the business login', async () => {
    const auth = signedIn(sampleProfile);
    renderSidebar({ auth });
    await userEvent.click(screen.getByRole('button', { name: 'ログアウト' }));
    expect(auth.logout).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/business/login'));
  });

  it('stays and says so when logout fails', async () => {
    renderSidebar({ auth: signedIn(sampleProfile, { logout: jest.fn(async () => ({ success: false })) }) });
    await userEvent.click(screen.getByRole('button', { name: 'ログアウト' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('ログアウトに失敗しました。');
    expect(screen.getByTestId('location')).toHaveTextContent('/business/dashboard');
  });

  describe('drawer at 768 px and below', () => {
    beforeEach(() => {
      restoreViewport();
      restoreViewport = setViewportWidth(375);
    });

    const toggle = () => screen.getByRole('button', { name: '事業者メニュー' });

    it('opens from the toggle and moves focus into the drawer', async () => {
      renderSidebar();
      expect(toggle()).toHaveAttribute('aria-expanded', 'false');
      expect(toggle()).toHaveAttribute('aria-controls', 'business-sidebar');
      await userEvent.click(toggle());
      expect(toggle()).toHaveAttribute('aria-expanded', 'true');
      expect(screen.getByRole('link', { name: /Taro Yamada/ })).toHaveFocus();
    });

    it('makes the page behind the open drawer inert', async () => {
      const { container } = renderSidebar();
      expect(container.querySelector('[inert]')).toBeNull();
      await userEvent.click(toggle());
      const inert = container.querySelector('[inert]');
      expect(inert).not.toBeNull();
      expect(inert).not.toContainElement(screen.getByRole('link', { name: '設定' }));
    });

    it('closes on Escape and gives focus back to the toggle', async () => {
      renderSidebar();
      await userEvent.click(toggle());
      await userEvent.keyboard('{Escape}');
      expect(toggle()).toHaveAttribute('aria-expanded', 'false');
      expect(toggle()).toHaveFocus();
    });

    it('closes when a link is followed', async () => {
      renderSidebar();
      await userEvent.click(toggle());
      await userEvent.click(screen.getByRole('link', { name: '設定' }));
      expect(screen.getByTestId('location')).toHaveTextContent('/business/settings');
      expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    });
  });
});
