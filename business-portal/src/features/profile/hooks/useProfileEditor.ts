import { useState } from 'react';
import { useAuth, type UserProfile } from 'shared-auth';

export const PROFILE_UPDATE_FAILED = 'プロフィールの更新に失敗しました。';

interface Fields {
  displayName: string;
  photoURL: string;
}

const fieldsOf = (profile: UserProfile): Fields => ({
  displayName: profile.displayName ?? '',
  photoURL: profile.photoURL ?? '',
});

/**
 * View/edit toggle of the profile card (spec section 4): save returns to view, cancel resets.
 * A failure is shown in the form (the original only logged it); the auth context's copy of it
 * in the shell's banner is cleared so it is not shown twice.
 */
export function useProfileEditor(profile: UserProfile) {
  const { updateUserProfile, clearMessages } = useAuth();
  const [editing, setEditing] = useState(false);
  const [fields, setFields] = useState<Fields>(() => fieldsOf(profile));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = () => {
    setFields(fieldsOf(profile));
    setError(null);
    setEditing(true);
  };

  const cancel = () => {
    setFields(fieldsOf(profile));
    setError(null);
    setEditing(false);
  };

  const change = (key: keyof Fields, value: string) => setFields((current) => ({ ...current, [key]: value }));

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const result = await updateUserProfile({
        displayName: fields.displayName.trim(),
        photoURL: fields.photoURL.trim(),
      });
      clearMessages();
      if (result.success) setEditing(false);
      else setError(result.error ?? PROFILE_UPDATE_FAILED);
    } catch {
      setError(PROFILE_UPDATE_FAILED);
    } finally {
      setSaving(false);
    }
  };

  return { editing, fields, saving, error, start, cancel, change, save };
}
