// PLATFORM PLACEHOLDER — the full login page arrives with the sign-in issue.
import { useDocumentTitle } from 'shared-ui';

export function BusinessLoginPage() {
  useDocumentTitle('事業者ログイン');
  return <h1>事業者ログイン</h1>;
}
