import { useCallback, useState } from 'react';
import type { BusinessSettings } from '../../../lib/businessSettings';
import { useBusinessSettings } from '../../../lib/BusinessSettingsProvider';

export type SettingsStatus = 'saved' | 'reset' | null;

/**
 * The settings form: unsaved edits on top of the saved settings. When the header's theme toggle
 * changes the theme meanwhile, a pending dark-mode edit is dropped so the switch shows the theme
 * the user is actually looking at.
 */
export function useSettingsForm() {
  const { settings, save, reset } = useBusinessSettings();
  const [edits, setEdits] = useState<Partial<BusinessSettings>>({});
  const [status, setStatus] = useState<SettingsStatus>(null);
  const [seenDarkMode, setSeenDarkMode] = useState(settings.darkMode);

  if (seenDarkMode !== settings.darkMode) {
    setSeenDarkMode(settings.darkMode);
    setEdits(({ darkMode: _dropped, ...rest }) => rest);
  }

  const draft: BusinessSettings = { ...settings, ...edits };

  const change = useCallback(<K extends keyof BusinessSettings>(key: K, value: BusinessSettings[K]) => {
    setEdits((current) => ({ ...current, [key]: value }));
    setStatus(null);
  }, []);

  const submit = () => {
    save(draft);
    setEdits({});
    setStatus('saved');
  };

  const restoreDefaults = () => {
    reset();
    setEdits({});
    setStatus('reset');
  };

  return { draft, change, submit, restoreDefaults, status };
}
