import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { useAuth } from 'shared-auth';
import { paths } from 'shared-core';
import { Banner, Button, Spinner } from 'shared-ui';

const Panel = styled.section`
  display: grid;
  gap: 16px;
  justify-items: start;
  max-width: 560px;
  margin: 64px auto;
  padding: 32px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 12px;
  background: ${({ theme }) => theme.colors.surface};

  h1,
  p {
    margin: 0;
  }
`;

/**
 * The standalone harness's stand-in for the shell's header and guard: without them a developer
 * running only this remote could not sign in. Never part of the module the shell loads.
 */
export function StandaloneGate({ children }: { children: ReactNode }) {
  const { currentUser, isAdmin, loading, authError, signInWithGoogle, logout } = useAuth();
  const { pathname } = useLocation();
  const [signingIn, setSigningIn] = useState(false);

  if (pathname === paths.home) return <Navigate to={paths.admin} replace />;
  if (loading) return <Spinner label="認証中..." />;
  if (currentUser && isAdmin) return <>{children}</>;

  const signIn = async () => {
    setSigningIn(true);
    await signInWithGoogle({ redirectPath: pathname });
    setSigningIn(false);
  };

  return (
    <Panel>
      <h1>管理画面（単体起動）</h1>
      {authError && <Banner tone="error">{authError}</Banner>}
      {currentUser ? (
        <>
          <p>{currentUser.email} は管理者ではありません。管理者のアカウントでログインしてください。</p>
          <Button type="button" $variant="secondary" onClick={() => void logout()}>
            ログアウト
          </Button>
        </>
      ) : (
        <>
          <p>管理者のGoogleアカウントでログインしてください。</p>
          <Button type="button" onClick={() => void signIn()} disabled={signingIn}>
            {signingIn ? 'ログイン中...' : 'Googleでログイン'}
          </Button>
        </>
      )}
    </Panel>
  );
}
