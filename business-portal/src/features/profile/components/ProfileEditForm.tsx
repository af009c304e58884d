import type { FormEvent } from 'react';
import styled from 'styled-components';
import { Banner, Button } from 'shared-ui';
import { Field, Input } from 'shared-ui/forms';

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
      <Field label="表示名">
        {({ id }) => (
          <Input
            id={id}
            type="text"
            autoComplete="name"
            value={fields.displayName}
            onChange={(event) => onChange('displayName', event.target.value)}
          />
        )}
      </Field>
      <Field label="プロフィール画像URL">
        {({ id }) => (
          <Input
            id={id}
            type="url"
            inputMode="url"
            placeholder="https://"
            value={fields.photoURL}
            onChange={(event) => onChange('photoURL', event.target.value)}
          />
        )}
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
