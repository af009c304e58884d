import { NavLink } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { paths } from 'shared-core';
import { accentFill, Button, layout, media } from 'shared-ui';
import type { Drawer } from 'shared-ui/page';
import { useLogout } from '../lib/useLogout';
import { SidebarUserBlock } from './SidebarUserBlock';

const SIDEBAR_ID = 'business-sidebar';

/** Spec section 2, "Business sidebar": exactly these links, in this order. */
const NAV_LINKS = [
  { to: paths.businessDashboard, label: 'ダッシュボード' },
  { to: paths.about, label: '私たちについて' },
  { to: paths.articles, label: 'AI記事一覧' },
  { to: paths.businessSettings, label: '設定' },
] as const;

const Panel = styled.aside<{ $open: boolean }>`
  position: fixed;
  top: var(--header-height);
  bottom: 0;
  left: 0;
  z-index: 900;
  display: flex;
  flex-direction: column;
  gap: 16px;
  width: ${layout.sidebarWidth}px;
  padding: 20px 16px;
  overflow-y: auto;
  background: ${({ theme }) => theme.colors.surface};
  border-right: 1px solid ${({ theme }) => theme.colors.border};

  ${media.tablet} {
    max-width: 85vw;
    transition:
      transform 0.25s ease,
      visibility 0.25s;
    ${({ $open }) =>
      $open
        ? css`
            transform: none;
            visibility: visible;
            box-shadow: 8px 0 24px rgba(0, 0, 0, 0.2);
          `
        : css`
            transform: translateX(-100%);
            visibility: hidden;
          `}
  }
`;

const NavList = styled.ul`
  display: grid;
  gap: 4px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled(NavLink)`
  display: block;
  padding: 12px 16px;
  border-radius: 10px;
  color: ${({ theme }) => theme.colors.text};
  font-weight: 500;
  text-decoration: none;
  &:hover {
    background: ${({ theme }) => theme.colors.background};
  }
  &[aria-current='page'] {
    background: ${({ theme }) => accentFill(theme).background};
    color: ${({ theme }) => accentFill(theme).color};
  }
`;

const Footer = styled.div`
  display: grid;
  gap: 8px;
  margin-top: auto;
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: 0.9rem;
`;

const ToggleBar = styled.div`
  position: sticky;
  top: var(--header-height);
  z-index: 800;
  display: flex;
  padding: 8px 16px;
  background: ${({ theme }) => theme.colors.background};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Backdrop = styled.div`
  position: fixed;
  inset: var(--header-height) 0 0 0;
  z-index: 899;
  background: rgba(0, 0, 0, 0.4);
`;

const MenuIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
    <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

/**
 * The business side navigation: fixed 280 px under the header on wide screens, a drawer opened
 * from a toggle at 768 px and below (the shell gives the footer the matching margin).
 */
export function Sidebar({ drawer }: { drawer: Drawer }) {
  const { open, isDrawerWidth, toggle, close, toggleRef, drawerRef } = drawer;
  const { logout, pending, error } = useLogout();

  return (
    <>
      {isDrawerWidth && (
        <ToggleBar>
          <Button
            ref={toggleRef}
            type="button"
            $variant="ghost"
            aria-expanded={open}
            aria-controls={SIDEBAR_ID}
            onClick={toggle}
          >
            <MenuIcon />
            事業者メニュー
          </Button>
        </ToggleBar>
      )}
      {open && <Backdrop aria-hidden="true" onClick={close} />}
      <Panel id={SIDEBAR_ID} ref={drawerRef} $open={open} aria-label="事業者メニュー">
        <SidebarUserBlock />
        <nav aria-label="事業者ナビゲーション">
          <NavList>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <Item to={link.to}>{link.label}</Item>
              </li>
            ))}
          </NavList>
        </nav>
        <Footer>
          {error && <ErrorText role="alert">{error}</ErrorText>}
          <Button type="button" $variant="secondary" onClick={() => void logout()} disabled={pending}>
            ログアウト
          </Button>
        </Footer>
      </Panel>
    </>
  );
}
