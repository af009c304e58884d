import type { ReactNode } from 'react';
import styled from 'styled-components';
import { layout, media } from 'shared-ui';
import { useDrawer } from 'shared-ui/page';
import { AdminSidebar } from './AdminSidebar';

const Frame = styled.div`
  display: grid;
  grid-template-columns: 240px minmax(0, 1fr);
  /* Short pages must not stretch the rows: on phones the menu bar would grow a gap below it. */
  align-content: start;
  min-height: calc(100vh - var(--header-height));

  ${media.tablet} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Content = styled.div`
  width: 100%;
  max-width: ${layout.maxContentWidth}px;
  padding: 32px;

  ${media.tablet} {
    padding: 20px 16px 32px;
  }
`;

/**
 * The admin area's frame: the menu and the current page. The shell's header and footer surround
 * it. While the menu is open on a small screen the page is inert, so focus stays in the menu.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const drawer = useDrawer();
  return (
    <Frame>
      <AdminSidebar drawer={drawer} />
      <Content inert={drawer.open}>{children}</Content>
    </Frame>
  );
}
