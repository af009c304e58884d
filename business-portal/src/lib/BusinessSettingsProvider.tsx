import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { readStoredThemeMode, useThemeMode } from 'shared-ui';
import {
  DEFAULT_BUSINESS_SETTINGS,
  loadBusinessSettings,
  saveBusinessSettings,
  type BusinessSettings,
} from './businessSettings';

interface BusinessSettingsContextValue {
  /** The saved settings; `darkMode` always equals the theme currently shown. */
  settings: BusinessSettings;
  /** Persists the settings and applies them (theme now, time zone on every date shown). */
  save: (settings: BusinessSettings) => void;
  /** Saves and applies the defaults. */
  reset: () => void;
}

const BusinessSettingsContext = createContext<BusinessSettingsContextValue | null>(null);

/**
 * Owns the business settings for the whole remote. The theme has two switches — the header's
 * toggle (which saves `theme`) and this page's dark mode — so they are kept as one: the theme
 * shown is the truth, and `darkMode` is rewritten whenever the header changes it. Only when no
 * theme was ever chosen does a saved `darkMode: true` pick the theme.
 */
export function BusinessSettingsProvider({ children }: { children: ReactNode }) {
  const { mode, setMode } = useThemeMode();
  const [stored, setStored] = useState(loadBusinessSettings);
  /** The darkMode value in localStorage, to rewrite it only when the theme really moved away. */
  const persistedDarkMode = useRef(stored.darkMode);

  useEffect(() => {
    const themeIsDark = mode === 'dark';
    if (persistedDarkMode.current === themeIsDark) return;
    if (readStoredThemeMode() === null) {
      setMode(persistedDarkMode.current ? 'dark' : 'light');
      return;
    }
    persistedDarkMode.current = themeIsDark;
    saveBusinessSettings({ ...stored, darkMode: themeIsDark });
  }, [mode, stored, setMode]);

  const save = useCallback(
    (next: BusinessSettings) => {
      persistedDarkMode.current = next.darkMode;
      saveBusinessSettings(next);
      setStored(next);
      setMode(next.darkMode ? 'dark' : 'light');
    },
    [setMode],
  );
  const reset = useCallback(() => save({ ...DEFAULT_BUSINESS_SETTINGS }), [save]);

  const value = useMemo(
    () => ({ settings: { ...stored, darkMode: mode === 'dark' }, save, reset }),
    [stored, mode, save, reset],
  );
  return <BusinessSettingsContext.Provider value={value}>{children}</BusinessSettingsContext.Provider>;
}

export function useBusinessSettings(): BusinessSettingsContextValue {
  const context = useContext(BusinessSettingsContext);
  if (!context) throw new Error('useBusinessSettings must be used inside BusinessSettingsProvider');
  return context;
}
