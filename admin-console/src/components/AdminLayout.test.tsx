import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setViewportWidth } from 'shared-ui/testing';
import { fakeFetch, renderApp, signedIn, testUser } from 'shared-data/testing';
import AdminConsoleRoutes from '../routes';
import { adminAuth } from '../testing/adminAuth';

const renderAdmin = (url: string) => renderApp(<AdminConsoleRoutes />, { url, auth: adminAuth });

describe('admin layout', () => {
  beforeEach(() => fakeFetch({ 'GET /articles': () => ({ status: 200, body: [] }) }));

  it('has the menu of the spec, marks the current page and opens the site in a new tab', async () => {
    renderAdmin('/admin/articles/new');
    const menu = screen.getByRole('navigation', { name: '管理メニュー' });
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['ダッシュボード', '/admin'],
      ['記事管理', '/admin/articles'],
      ['ユーザー管理', '/admin/users'],
      ['設定', '/admin/settings'],
      ['リリース', '/admin/releases'],
      ['サイトを表示↗（新しいタブで開きます）', '/'],
    ]);
    expect(within(menu).getByRole('link', { name: '記事管理' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'ダッシュボード' })).not.toHaveAttribute('aria-current');
    expect(within(menu).getByRole('link', { name: /サイトを表示/ })).toHaveAttribute('target', '_blank');
    expect(within(menu).getByText('ログイン中: admin@example.com')).toBeInTheDocument();
  });

  it('shows a release-team member who is not an admin the リリース page only', () => {
    const member = signedIn(testUser({ email: 'public-team@example.com' }), { releaseTeams: ['public-site'] });
    renderApp(<AdminConsoleRoutes />, { url: '/admin/releases', auth: member });
    const menu = screen.getByRole('navigation', { name: '管理メニュー' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['リリース', 'サイトを表示↗（新しいタブで開きます）']);
  });

  describe('on a phone (375 px)', () => {
    let restoreViewport: () => void;
    beforeEach(() => {
      restoreViewport = setViewportWidth(375);
    });
    afterEach(() => restoreViewport());

    /** jsdom applies no CSS media queries, so the phone-only button stays display:none (and nameless) here. */
    const menuToggle = () => screen.getByText('管理メニュー').closest('button') as HTMLButtonElement;

    it('the menu button says whether the menu is open', async () => {
      const user = userEvent.setup();
      renderAdmin('/admin');
      const toggle = menuToggle();
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(toggle).toHaveAttribute('aria-controls', screen.getByRole('navigation', { name: '管理メニュー' }).id);
      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await user.click(screen.getByRole('link', { name: '設定' }));
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
    });

    it('moves focus into the open menu, keeps the page inert, and Escape closes it back to the button', async () => {
      const user = userEvent.setup();
      renderAdmin('/admin');
      const toggle = menuToggle();
      const page = screen.getByRole('heading', { level: 1, name: 'ダッシュボード' }).closest('[inert]');
      expect(page).toBeNull();

      await user.click(toggle);
      expect(screen.getByRole('link', { name: 'ダッシュボード' })).toHaveFocus();
      expect(screen.getByText('ダッシュボード', { selector: 'h1' }).closest('[inert]')).not.toBeNull();

      await user.keyboard('{Escape}');
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(toggle).toHaveFocus();
      expect(screen.getByText('ダッシュボード', { selector: 'h1' }).closest('[inert]')).toBeNull();
    });
  });

  it('shows the 404 page for an unknown admin path', () => {
    renderAdmin('/admin/nothing-here');
    expect(screen.getByRole('heading', { name: 'ページが見つかりません' })).toBeInTheDocument();
  });
});
