import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { Banner, Button, ErrorBoundary } from 'shared-ui';

const Fallback = styled.div`
  display: grid;
  gap: 16px;
  justify-items: start;
`;

/** Keeps one page's render error inside the page: the sidebar stays and navigation recovers. */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      resetKey={pathname}
      fallback={({ reset }) => (
        <Fallback>
          <Banner tone="error">画面の表示中にエラーが発生しました。</Banner>
          <Button type="button" $variant="secondary" onClick={reset}>
            再試行
          </Button>
        </Fallback>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
