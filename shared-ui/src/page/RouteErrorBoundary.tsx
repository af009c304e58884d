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

export const ROUTE_ERROR_MESSAGE = 'ページを表示できませんでした。時間をおいて再度お試しください。';

interface RouteErrorBoundaryProps {
  children: ReactNode;
  /** What the area says when one of its pages fails to render. */
  message?: string;
}

/**
 * A page that fails to render shows the message and 再試行 in its place; the layout around it
 * (the shell's header and footer, an area's sidebar) stays, and navigating elsewhere clears it.
 */
export function RouteErrorBoundary({ children, message = ROUTE_ERROR_MESSAGE }: RouteErrorBoundaryProps) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      resetKey={pathname}
      fallback={({ reset }) => (
        <Box role="alert">
          <p>{message}</p>
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
