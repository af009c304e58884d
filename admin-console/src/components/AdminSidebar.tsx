import { useId } from 'react';
import { NavLink } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { useAuth } from 'shared-auth';
import { paths } from 'shared-core';
import { media } from 'shared-ui';
import { VisuallyHidden } from 'shared-ui/page';
import type { Drawer } from 'shared-ui/page';
import { releasesPath } from '../lib/adminPaths';

const menu = [
  { to: paths.admin, label: 'ダッシュボード', end: true },
  { to: paths.adminArticles, label: '記事管理', end: false },
  { to: paths.adminUsers, label: 'ユーザー管理', end: false },
  { to: paths.adminSettings, label: '設定', end: false },
  { to: releasesPath, label: 'リリース', end: false },
] as const;

/** A release-team member who is not an admin may open the リリース page only (the shell's guard). */
const releaseTeamMenu = menu.filter((item) => item.to === releasesPath);

const Aside = styled.aside`
  position: sticky;
  top: var(--header-height);
  align-self: start;
  height: calc(100vh - var(--header-height));
  display: flex;
  flex-direction: column;
  gap: 16px;
  padding: 24px 16px;
  background: ${({ theme }) => theme.colors.surface};
  border-right: 1px solid ${({ theme }) => theme.colors.border};

  ${media.tablet} {
    position: static;
    height: auto;
    padding: 8px 16px;
    border-right: 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const TopRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
`;

const Title = styled.p`
  margin: 0;
  padding: 0 12px;
  font-weight: 800;
  font-size: 1.05rem;
`;

const MenuToggle = styled.button`
  display: none;
  min-height: 44px;
  padding: 8px 16px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 8px;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font-weight: 700;
  cursor: pointer;

  ${media.tablet} {
    display: inline-flex;
    align-items: center;
    gap: 8px;
  }
`;

const Nav = styled.nav<{ $open: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 16px;
  flex: 1;

  ${media.tablet} {
    ${({ $open }) =>
      !$open &&
      css`
        display: none;
      `}
    padding: 8px 0;
  }
`;

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 4px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const itemLook = css`
  display: flex;
  align-items: center;
  min-height: 44px;
  padding: 8px 12px;
  border-left: 4px solid transparent;
  border-radius: 8px;
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  text-decoration: none;

  &:hover {
    background: ${({ theme }) => theme.colors.background};
  }
`;

const MenuLink = styled(NavLink)`
  ${itemLook}

  &[aria-current='page'] {
    border-left-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.background};
    font-weight: 800;
  }
`;

const ExternalLink = styled.a`
  ${itemLook}
  gap: 6px;
`;

const Account = styled.p`
  margin: auto 0 0;
  padding: 0 12px;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

/**
 * The admin menu: a column beside the pages, a disclosure menu up to 768 px wide with the
 * shared drawer behaviour (Escape closes it and returns focus to the toggle; AdminLayout makes
 * the page inert meanwhile).
 */
export function AdminSidebar({ drawer }: { drawer: Drawer }) {
  const { currentUser, isAdmin } = useAuth();
  const { open, toggle, close, toggleRef, drawerRef } = drawer;
  const navId = useId();

  return (
    <Aside aria-label="管理画面">
      <TopRow>
        <Title>管理画面</Title>
        <MenuToggle ref={toggleRef} type="button" aria-expanded={open} aria-controls={navId} onClick={toggle}>
          <span aria-hidden="true">{open ? '✕' : '☰'}</span>
          管理メニュー
        </MenuToggle>
      </TopRow>
      <Nav ref={drawerRef} id={navId} aria-label="管理メニュー" $open={open}>
        <List>
          {(isAdmin ? menu : releaseTeamMenu).map((item) => (
            <li key={item.to}>
              <MenuLink to={item.to} end={item.end} onClick={close}>
                {item.label}
              </MenuLink>
            </li>
          ))}
          <li>
            <ExternalLink href={paths.home} target="_blank" rel="noopener noreferrer">
              サイトを表示
              <span aria-hidden="true">↗</span>
              <VisuallyHidden>（新しいタブで開きます）</VisuallyHidden>
            </ExternalLink>
          </li>
        </List>
        {currentUser?.email && <Account>ログイン中: {currentUser.email}</Account>}
      </Nav>
    </Aside>
  );
}
