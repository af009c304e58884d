import type { FormEvent } from 'react';
import styled from 'styled-components';
import { Banner, Button } from 'shared-ui';

interface ProfileEditFormProps {
  fields: { displayName: string; photoURL: string };
  saving: boolean;
  error: string | null;
  onChange: (key: 'displayName' | 'photoURL', value: string) => void;
  onSave: () => void;
  onCancel: () => void;
}

const Form = styled.form`
  display: grid;
  gap: 16px;
`;

const Field = styled.div`
  display: grid;
  gap: 6px;
  label {
    font-weight: 700;
  }
  input {
    min-height: 44px;
    padding: 8px 12px;
    border-radius: 10px;
    border: 1px solid ${({ theme }) => theme.colors.textMuted};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`;

/** Display name and photo URL (a url-type field: the browser checks the format before saving). */
export function ProfileEditForm({ fields, saving, error, onChange, onSave, onCancel }: ProfileEditFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };
  return (
    <Form onSubmit={submit} aria-label="プロフィールの編集">
      <Field>
        <label htmlFor="profile-display-name">表示名</label>
        <input
          id="profile-display-name"
          type="text"
          autoComplete="name"
          value={fields.displayName}
          onChange={(event) => onChange('displayName', event.target.value)}
        />
      </Field>
      <Field>
        <label htmlFor="profile-photo-url">プロフィール画像URL</label>
        <input
          id="profile-photo-url"
          type="url"
          inputMode="url"
          placeholder="https://"
          value={fields.photoURL}
          onChange={(event) => onChange('photoURL', event.target.value)}
        />
      </Field>
      {error && <Banner tone="error">{error}</Banner>}
      <Actions>
        <Button type="submit" disabled={saving}>
          {saving ? '更新中...' : '保存'}
        </Button>
        <Button type="button" $variant="ghost" onClick={onCancel} disabled={saving}>
          キャンセル
        </Button>
      </Actions>
    </Form>
  );
}
