import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthProvider } from 'shared-auth';
import { renderApp } from 'shared-data/testing';
import { Header } from './Header';

// The real provider, not the fake: the header as a first visit shows it, before Firebase has loaded.
const renderHeader = () => renderApp(<Header />, { providers: AuthProvider });

describe('Header', () => {
  beforeEach(() => localStorage.clear());

  it('links to about and articles, and offers the friend-add link in a new tab', () => {
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'メインメニュー' });
    expect(nav).toContainElement(screen.getAllByRole('link', { name: '私たちについて' })[0]!);
    expect(screen.getAllByRole('link', { name: 'AIに関する記事' })[0]).toHaveAttribute('href', '/articles');
    const friend = screen.getAllByRole('link', { name: 'LINEで友だち追加' })[0]!;
    expect(friend).toHaveAttribute('target', '_blank');
    expect(friend).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('shows 事業者ログイン when signed out', () => {
    renderHeader();
    expect(screen.getByRole('button', { name: '事業者ログイン' })).toBeInTheDocument();
  });

  it('toggles the theme, shows the matching icon and saves the choice', async () => {
    const { container } = renderHeader();
    const toggle = screen.getByRole('button', { name: 'テーマを切り替える' });
    expect(container.querySelector('[data-icon="sun"]')).not.toBeNull();
    await userEvent.click(toggle);
    expect(container.querySelector('[data-icon="moon"]')).not.toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
    await userEvent.click(toggle);
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('opens and closes the hamburger menu panel', async () => {
    renderHeader();
    // Hidden by CSS above 768 px (jsdom applies the stylesheet), so query hidden elements too.
    const burger = screen.getByLabelText('メニューを開く');
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(burger);
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('メニュー')).toHaveAttribute('role', 'dialog');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByLabelText('メニュー')).not.toBeInTheDocument();
    expect(burger).toHaveAttribute('aria-expanded', 'false');
  });
});
