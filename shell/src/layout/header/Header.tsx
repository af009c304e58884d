import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { paths, site } from 'shared-core';
import { fonts, layout, media, useScrolledPast } from 'shared-ui';
import { useLoginLogout } from '../useLoginLogout';
import { ThemeToggle } from './ThemeToggle';
import { MobileMenu } from './MobileMenu';
import { AuthPill, FriendPill } from '../pillButtons';

/** The header takes its 'scrolled' look after 10 px (spec section 9). */
const SCROLL_THRESHOLD = 10;

const Bar = styled.header<{ $scrolled: boolean }>`
  position: fixed;
  inset: 0 0 auto 0;
  z-index: 1000;
  height: var(--header-height);
  background: ${({ theme }) => theme.colors.header};
  backdrop-filter: saturate(180%) blur(12px);
  border-bottom: 1px solid transparent;
  transition:
    box-shadow 0.2s ease,
    border-color 0.2s ease;
  ${({ $scrolled }) =>
    $scrolled &&
    css`
      box-shadow: 0 2px 16px rgba(0, 0, 0, 0.12);
      border-bottom-color: ${({ theme }) => theme.colors.border};
    `}
`;

const Inner = styled.div`
  display: flex;
  align-items: center;
  gap: 16px;
  height: 100%;
  max-width: ${layout.maxContentWidth}px;
  margin: 0 auto;
  padding: 0 20px;
`;

const Logo = styled(Link)`
  font-family: ${fonts.heading};
  font-weight: 800;
  font-size: 1.35rem;
  color: ${({ theme }) => theme.colors.accentText};
  text-decoration: none;
  margin-right: auto;
`;

const Nav = styled.nav`
  display: flex;
  align-items: center;
  gap: 20px;
  ${media.tablet} {
    display: none;
  }
`;

const NavLink = styled(Link)`
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  font-weight: 600;
  &:hover {
    color: ${({ theme }) => theme.colors.accentText};
  }
`;

const Hamburger = styled.button`
  display: none;
  width: 44px;
  height: 44px;
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  ${media.tablet} {
    display: inline-flex;
    align-items: center;
    justify-content: center;
  }
`;

export function Header() {
  const scrolled = useScrolledPast(SCROLL_THRESHOLD);
  const { signedIn, login, logout } = useLoginLogout();
  const { pathname } = useLocation();
  // The menu remembers the path it was opened on, so any navigation closes it.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const menuOpen = openedOn === pathname;
  const setMenuOpen = (open: boolean) => setOpenedOn(open ? pathname : null);

  const authLabel = signedIn ? 'ログアウト' : '事業者ログイン';
  const onAuthClick = signedIn ? logout : login;

  return (
    <Bar $scrolled={scrolled} data-scrolled={scrolled}>
      <Inner>
        <Logo to={paths.home} onClick={() => setMenuOpen(false)} aria-label={`${site.productName} ホーム`}>
          {site.productName}
        </Logo>
        <Nav aria-label="メインメニュー">
          <NavLink to={paths.about}>私たちについて</NavLink>
          <NavLink to={paths.articles}>AIに関する記事</NavLink>
          <FriendPill $size="small" href={site.lineFriendUrl} target="_blank" rel="noopener noreferrer">
            LINEで友だち追加
          </FriendPill>
          <AuthPill $size="small" type="button" onClick={onAuthClick}>
            {authLabel}
          </AuthPill>
        </Nav>
        <ThemeToggle />
        <Hamburger
          type="button"
          aria-label={menuOpen ? 'メニューを閉じる' : 'メニューを開く'}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true">
            <path
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              d={menuOpen ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'}
            />
          </svg>
        </Hamburger>
      </Inner>
      <MobileMenu
        id="mobile-menu"
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        authLabel={authLabel}
        onAuthClick={() => {
          setMenuOpen(false);
          void onAuthClick();
        }}
      />
    </Bar>
  );
}
