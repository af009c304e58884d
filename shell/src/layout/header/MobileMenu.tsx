import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { paths, site } from 'shared-core';
import { media } from 'shared-ui';
import { AuthPill, FriendPill } from '../pillButtons';

const Panel = styled.div`
  display: none;
  ${media.tablet} {
    position: fixed;
    inset: var(--header-height) 0 0 0;
    z-index: 999;
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 28px;
    padding: 48px 24px;
    background: ${({ theme }) => theme.colors.background};
    overflow-y: auto;
  }
`;

const MenuLink = styled(Link)`
  font-size: 1.25rem;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
`;

interface MobileMenuProps {
  id: string;
  open: boolean;
  onClose: () => void;
  authLabel: string;
  onAuthClick: () => void;
}

/** Full-screen panel of the hamburger menu below 768 px; Escape closes it. */
export function MobileMenu({ id, open, onClose, authLabel, onAuthClick }: MobileMenuProps) {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  if (!open) return null;
  return (
    <Panel id={id} role="dialog" aria-modal="true" aria-label="メニュー">
      <MenuLink to={paths.about} onClick={onClose}>
        私たちについて
      </MenuLink>
      <MenuLink to={paths.articles} onClick={onClose}>
        AIに関する記事
      </MenuLink>
      <FriendPill $size="large" href={site.lineFriendUrl} target="_blank" rel="noopener noreferrer">
        LINEで友だち追加
      </FriendPill>
      <AuthPill $size="large" type="button" onClick={onAuthClick}>
        {authLabel}
      </AuthPill>
    </Panel>
  );
}
