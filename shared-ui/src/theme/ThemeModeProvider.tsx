import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { readString, storageKeys, writeString } from 'shared-core';
import { themes, type ThemeMode } from './tokens';
import { GlobalStyle } from './GlobalStyle';

interface ThemeModeContextValue {
  mode: ThemeMode;
  setMode: (mode: ThemeMode) => void;
  toggle: () => void;
}

const ThemeModeContext = createContext<ThemeModeContextValue | null>(null);

/** Reads the saved preference; anything but 'light' or 'dark' is ignored. */
export function readStoredThemeMode(): ThemeMode | null {
  const stored = readString(storageKeys.theme);
  return stored === 'light' || stored === 'dark' ? stored : null;
}

/**
 * Light by default, replaced on load by the saved value; every change is saved under `theme`
 * (spec section 4). The saved value is read synchronously so the first paint already has it.
 */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(() => readStoredThemeMode() ?? 'light');

  const setMode = useCallback((next: ThemeMode) => {
    setModeState(next);
    writeString(storageKeys.theme, next);
  }, []);
  const toggle = useCallback(() => setMode(mode === 'light' ? 'dark' : 'light'), [mode, setMode]);

  useEffect(() => {
    document.documentElement.style.colorScheme = mode;
  }, [mode]);

  const value = useMemo(() => ({ mode, setMode, toggle }), [mode, setMode, toggle]);
  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={themes[mode]}>
        <GlobalStyle />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}

export function useThemeMode(): ThemeModeContextValue {
  const context = useContext(ThemeModeContext);
  if (!context) throw new Error('useThemeMode must be used inside ThemeModeProvider');
  return context;
}
