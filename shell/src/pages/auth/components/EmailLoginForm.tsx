import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from 'shared-ui';
import { Field, Input } from 'shared-ui/forms';
import { CheckboxLabel, FormStack, LinkButton, OptionsRow } from './formControls';
import { Notice, StatusSlot } from './AuthCard';
import { PasswordField } from './PasswordField';

/**
 * The spec shows an e-mail/password form that is not wired to any sign-in. Rather than doing
 * nothing, it says plainly that business accounts sign in with Google.
 */
export const emailFormNotices = {
  submit:
    'メールアドレスとパスワードでのログインには対応していません。事業者アカウントは下の「Googleでログイン」からログインしてください。',
  forgotPassword:
    'パスワードの再設定は不要です。事業者アカウントはGoogleアカウントでログインするため、パスワードはGoogleアカウントの設定で管理されています。',
} as const;

const SubmitButton = styled(Button)`
  width: 100%;
`;

interface EmailLoginFormProps {
  busy: boolean;
  /** Typing clears the page's sign-in error (spec section 4). */
  onEdit: () => void;
}

export function EmailLoginForm({ busy, onEdit }: EmailLoginFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const edit = (update: () => void) => {
    update();
    onEdit();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    console.info('business login form submitted (not wired)', { email, rememberMe });
    setNotice(emailFormNotices.submit);
  };

  const forgotPassword = () => {
    console.info('forgot password requested (not wired)');
    setNotice(emailFormNotices.forgotPassword);
  };

  return (
    <FormStack onSubmit={submit} aria-label="メールとパスワードでログイン">
      <Field label="メールアドレス">
        {({ id }) => (
          <Input
            id={id}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => edit(() => setEmail(event.target.value))}
          />
        )}
      </Field>
      <Field label="パスワード">
        {({ id }) => <PasswordField id={id} value={password} onChange={(value) => edit(() => setPassword(value))} />}
      </Field>
      <OptionsRow>
        <CheckboxLabel>
          <input
            type="checkbox"
            name="rememberMe"
            checked={rememberMe}
            onChange={(event) => setRememberMe(event.target.checked)}
          />
          ログイン状態を保持
        </CheckboxLabel>
        <LinkButton type="button" onClick={forgotPassword}>
          パスワードをお忘れですか？
        </LinkButton>
      </OptionsRow>
      {/* Disabled while Google sign-in runs; only the Google button says ログイン中... */}
      <SubmitButton type="submit" disabled={busy}>
        ログイン
      </SubmitButton>
      <StatusSlot>{notice && <Notice>{notice}</Notice>}</StatusSlot>
    </FormStack>
  );
}
