import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router-dom';
import { renderWithTheme, setViewportWidth } from '../testing';
import { useDrawer } from './useDrawer';

function Layout() {
  const { open, isDrawerWidth, toggle, toggleRef, drawerRef } = useDrawer();
  return (
    <>
      {isDrawerWidth && (
        <button ref={toggleRef} type="button" aria-expanded={open} onClick={toggle}>
          メニュー
        </button>
      )}
      <nav ref={drawerRef} aria-label="メニュー" hidden={isDrawerWidth && !open}>
        <Link to="/settings">設定</Link>
      </nav>
      <main inert={open}>
        <Routes>
          <Route path="/" element={<button type="button">ページのボタン</button>} />
          <Route path="/settings" element={<h1>設定ページ</h1>} />
        </Routes>
      </main>
    </>
  );
}

let restoreViewport: () => void;
afterEach(() => restoreViewport());

describe('useDrawer on a phone', () => {
  beforeEach(() => {
    restoreViewport = setViewportWidth(375);
  });

  it('opening moves focus to the first link and makes the page inert', async () => {
    renderWithTheme(<Layout />);
    await userEvent.click(screen.getByRole('button', { name: 'メニュー' }));
    expect(screen.getByRole('button', { name: 'メニュー' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: '設定' })).toHaveFocus();
    expect(screen.getByRole('main')).toHaveAttribute('inert');
  });

  it('Escape closes it and gives focus back to the toggle', async () => {
    renderWithTheme(<Layout />);
    const toggle = screen.getByRole('button', { name: 'メニュー' });
    await userEvent.click(toggle);
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    expect(screen.getByRole('main')).not.toHaveAttribute('inert');
  });

  it('navigating closes it', async () => {
    renderWithTheme(<Layout />);
    await userEvent.click(screen.getByRole('button', { name: 'メニュー' }));
    await userEvent.click(screen.getByRole('link', { name: '設定' }));
    expect(screen.getByRole('heading', { name: '設定ページ' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'メニュー' })).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('useDrawer on a wide screen', () => {
  beforeEach(() => {
    restoreViewport = setViewportWidth(1280);
  });

  it('is never a drawer: no toggle, the menu always shown, the page never inert', () => {
    renderWithTheme(<Layout />);
    expect(screen.queryByRole('button', { name: 'メニュー' })).toBeNull();
    expect(screen.getByRole('link', { name: '設定' })).toBeVisible();
    expect(screen.getByRole('main')).not.toHaveAttribute('inert');
  });
});
