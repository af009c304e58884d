import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { Button, ErrorBoundary } from 'shared-ui';

const Box = styled.div`
  display: grid;
  justify-items: center;
  gap: 16px;
  padding: 64px 20px;
  text-align: center;
`;

/**
 * A page that fails to render shows a retry in place of itself; the sidebar and the shell stay.
 * Navigating elsewhere clears the error too.
 */
export function PageBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      resetKey={pathname}
      fallback={({ reset }) => (
        <Box role="alert">
          <p>ページを表示できませんでした。</p>
          <Button type="button" onClick={reset}>
            再試行
          </Button>
        </Box>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
