import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi } from '../testing/fakeApi';
import { renderAdmin } from '../testing/renderAdmin';

jest.mock('shared-auth', () => ({ useAuth: () => jest.requireActual('../testing/fakeAuth').fakeAdminAuth }));

describe('admin layout', () => {
  beforeEach(() => installFakeApi({ 'GET /articles': () => ({ status: 200, body: [] }) }));

  it('has the menu of the spec, marks the current page and opens the site in a new tab', async () => {
    renderAdmin('/admin/articles/new');
    const menu = screen.getByRole('navigation', { name: '管理メニュー' });
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['ダッシュボード', '/admin'],
      ['記事管理', '/admin/articles'],
      ['ユーザー管理', '/admin/users'],
      ['設定', '/admin/settings'],
      ['サイトを表示↗（新しいタブで開きます）', '/'],
    ]);
    expect(within(menu).getByRole('link', { name: '記事管理' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'ダッシュボード' })).not.toHaveAttribute('aria-current');
    expect(within(menu).getByRole('link', { name: /サイトを表示/ })).toHaveAttribute('target', '_blank');
    expect(within(menu).getByText('ログイン中: admin@example.com')).toBeInTheDocument();
  });

  it('the menu button says whether the menu is open', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin');
    // jsdom applies no media queries, so the phone-only button stays display:none (and nameless) here.
    const toggle = screen.getByText('管理メニュー').closest('button') as HTMLButtonElement;
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', screen.getByRole('navigation', { name: '管理メニュー' }).id);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('link', { name: '設定' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the 404 page for an unknown admin path', () => {
    renderAdmin('/admin/nothing-here');
    expect(screen.getByRole('heading', { name: 'ページが見つかりません' })).toBeInTheDocument();
  });
});
