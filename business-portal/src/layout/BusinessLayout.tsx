import { Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { layout, media } from 'shared-ui';
import { RouteErrorBoundary, useDrawer } from 'shared-ui/page';
import { Sidebar } from './Sidebar';

const Content = styled.div`
  margin-left: ${layout.sidebarWidth}px;
  padding: 32px 32px 64px;
  ${media.tablet} {
    margin-left: 0;
    padding: 0 0 48px;
  }
`;

const Inner = styled.div`
  max-width: ${layout.maxContentWidth}px;
  margin: 0 auto;
  ${media.tablet} {
    padding: 20px 16px 0;
  }
`;

/**
 * The /business pages: sidebar on the left, the page beside it. While the drawer is open on a
 * small screen the page behind it is inert, so focus and screen readers stay in the drawer.
 */
export function BusinessLayout() {
  const drawer = useDrawer();
  return (
    <>
      <Sidebar drawer={drawer} />
      <Content inert={drawer.open}>
        <Inner>
          <RouteErrorBoundary>
            <Outlet />
          </RouteErrorBoundary>
        </Inner>
      </Content>
    </>
  );
}
