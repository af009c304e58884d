import { Link, Navigate } from 'react-router-dom';
import { useAuth, useEagerAuth } from 'shared-auth';
import { paths } from 'shared-core';
import { Banner, Spinner, useDocumentTitle } from 'shared-ui';
import { AuthCard, Divider, ErrorSlot, Footnote, Notice, StatusSlot } from './components/AuthCard';
import { EmailLoginForm } from './components/EmailLoginForm';
import { GoogleSignInButton } from './components/GoogleSignInButton';
import { loginPageMessages, useGoogleSignIn } from './useGoogleSignIn';

/** /business/login (spec section 2 "Business login"). Google is the only working sign-in. */
export function BusinessLoginPage() {
  useDocumentTitle('事業者ログイン');
  useEagerAuth();
  const { currentUser, loading, redirectingTo } = useAuth();
  const google = useGoogleSignIn();

  if (redirectingTo) return <Spinner label="ログインしました。ページを移動しています..." />;
  if (google.target) return <Navigate to={google.target} replace />;
  if (currentUser && !loading) return <Navigate to={google.from ?? paths.businessDashboard} replace />;

  return (
    <AuthCard title="事業者ログイン" lead="事業者向けダッシュボードへは、Googleアカウントでログインします。">
      <EmailLoginForm busy={google.busy} onEdit={google.clearError} />
      <Divider>または</Divider>
      <GoogleSignInButton busy={google.busy} onClick={() => void google.start()} />
      <StatusSlot>{google.redirectHint && <Notice>{loginPageMessages.redirectHint}</Notice>}</StatusSlot>
      <ErrorSlot>{google.error && <Banner tone="error">{google.error}</Banner>}</ErrorSlot>
      <Footnote>
        アカウントをお持ちでない方は <Link to={paths.businessRegister}>新規登録</Link>
      </Footnote>
    </AuthCard>
  );
}
