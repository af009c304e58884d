import { Link, Navigate } from 'react-router-dom';
import styled from 'styled-components';
import { useAuth, useEagerAuth } from 'shared-auth';
import { paths } from 'shared-core';
import { Banner, Spinner, useDocumentTitle } from 'shared-ui';
import { AuthCard, ErrorSlot, Footnote, Notice, StatusSlot } from './components/AuthCard';
import { GoogleSignInButton } from './components/GoogleSignInButton';
import { loginPageMessages, useGoogleSignIn } from './useGoogleSignIn';

const Steps = styled.ol`
  display: grid;
  gap: 14px;
  margin: 0 0 28px;
  padding: 0;
  list-style: none;
  counter-reset: step;
`;

const Step = styled.li`
  display: grid;
  grid-template-columns: 36px 1fr;
  gap: 12px;
  align-items: start;
  line-height: 1.7;
  counter-increment: step;
  &::before {
    content: counter(step);
    display: grid;
    place-items: center;
    width: 32px;
    height: 32px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.accentFill};
    color: ${({ theme }) => theme.colors.onAccentFill};
    font-weight: 700;
  }
  strong {
    display: block;
    color: ${({ theme }) => theme.colors.text};
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const steps = [
  { title: 'Googleアカウントを選ぶ', text: '下のボタンを押し、事業でお使いのGoogleアカウントを選択します。' },
  {
    title: 'アカウントが作成されます',
    text: '初めてのログインで事業者アカウントが自動的に登録されます。パスワードの設定は不要です。',
  },
  {
    title: 'ダッシュボードへ',
    text: 'ログイン後は事業者ダッシュボードで、事業者向けの記事やプロフィールを確認できます。',
  },
];

/** /business/register: operators register by signing in with their Google account. */
export function BusinessRegisterPage() {
  useDocumentTitle('新規登録');
  useEagerAuth();
  const { currentUser, loading, redirectingTo } = useAuth();
  const google = useGoogleSignIn();

  if (redirectingTo) return <Spinner label="ログインしました。ページを移動しています..." />;
  if (google.target) return <Navigate to={google.target} replace />;
  if (currentUser && !loading) return <Navigate to={paths.businessDashboard} replace />;

  return (
    <AuthCard
      wide
      title="事業者アカウントの新規登録"
      lead="事業者アカウントはGoogleアカウントで登録します。申し込みフォームやパスワードの登録はありません。"
    >
      <Steps>
        {steps.map((step) => (
          <Step key={step.title}>
            <div>
              <strong>{step.title}</strong>
              <span>{step.text}</span>
            </div>
          </Step>
        ))}
      </Steps>
      <GoogleSignInButton busy={google.busy} onClick={() => void google.start()} label="Googleアカウントで登録" />
      <StatusSlot>{google.redirectHint && <Notice>{loginPageMessages.redirectHint}</Notice>}</StatusSlot>
      <ErrorSlot>{google.error && <Banner tone="error">{google.error}</Banner>}</ErrorSlot>
      <Footnote>
        すでにアカウントをお持ちの方は <Link to={paths.businessLogin}>ログイン</Link>
      </Footnote>
    </AuthCard>
  );
}
