import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { ErrorBoundary } from 'shared-ui';
import { ActionButton } from './ActionButton';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 16px;
  padding: 80px 20px;
  text-align: center;
`;

/** Keeps a failing page from taking the layout with it; navigating elsewhere clears the error. */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      resetKey={pathname}
      fallback={({ reset }) => (
        <Box role="alert">
          <p>ページを表示できませんでした。時間をおいて再度お試しください。</p>
          <ActionButton type="button" onClick={reset}>
            再試行
          </ActionButton>
        </Box>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
