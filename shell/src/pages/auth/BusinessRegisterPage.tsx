// PLATFORM PLACEHOLDER — the register page arrives with the sign-in issue.
import { useDocumentTitle } from 'shared-ui';

export function BusinessRegisterPage() {
  useDocumentTitle('新規登録');
  return <h1>新規登録</h1>;
}
