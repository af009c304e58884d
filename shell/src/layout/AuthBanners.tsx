import { useEffect } from 'react';
import styled from 'styled-components';
import { useAuth } from 'shared-auth';
import { Banner } from 'shared-ui';

/** Success banners clear after 5 s, errors after 5000 ms (spec section 9). */
export const BANNER_TIMEOUT_MS = 5000;

const Stack = styled.div`
  position: fixed;
  top: calc(var(--header-height) + 12px);
  right: 16px;
  z-index: 1100;
  display: flex;
  flex-direction: column;
  gap: 8px;
  max-width: min(420px, calc(100vw - 32px));
`;

/** The sign-in error banner and the green success banner, fixed at the top right. */
export function AuthBanners() {
  const { authError, authSuccess, clearMessages } = useAuth();

  useEffect(() => {
    if (!authError && !authSuccess) return;
    const timer = window.setTimeout(clearMessages, BANNER_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [authError, authSuccess, clearMessages]);

  if (!authError && !authSuccess) return null;
  return (
    <Stack>
      {authError && (
        <Banner tone="error" onClose={clearMessages}>
          {authError}
        </Banner>
      )}
      {authSuccess && (
        <Banner tone="success" onClose={clearMessages}>
          {authSuccess}
        </Banner>
      )}
    </Stack>
  );
}
