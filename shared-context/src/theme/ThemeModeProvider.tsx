import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
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

const isThemeMode = (value: unknown): value is ThemeMode => value === 'light' || value === 'dark';

/** Reads the saved preference; anything but 'light' or 'dark' is ignored. */
export function readStoredThemeMode(): ThemeMode | null {
  const stored = readString(storageKeys.theme);
  return isThemeMode(stored) ? stored : null;
}

/**
 * The saved mode is mirrored in a cookie of the same name, so the server renders the page in it
 * from the first byte (localStorage never reaches the server). localStorage stays the source.
 */
export const THEME_COOKIE = storageKeys.theme;

function mirrorToCookie(mode: ThemeMode): void {
  document.cookie = `${THEME_COOKIE}=${mode}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** The mode a request's Cookie header names, or null. */
export function themeModeFromCookie(cookieHeader: string | undefined): ThemeMode | null {
  const match = /(?:^|;\s*)theme=([^;]*)/.exec(cookieHeader ?? '');
  const value = match?.[1]?.trim();
  return isThemeMode(value) ? value : null;
}

interface ThemeModeProviderProps {
  children: ReactNode;
  /**
   * The mode the server rendered the page in (server render and hydration): the first render
   * uses it so the markup matches; the saved value then takes over if it differs.
   */
  initialMode?: ThemeMode;
}

/**
 * Light by default, replaced on load by the saved value; every change is saved under `theme`
 * (spec section 4) and mirrored in the cookie. Without a server-rendered mode the saved value is
 * read synchronously, so the first paint already has it.
 */
export function ThemeModeProvider({ children, initialMode }: ThemeModeProviderProps) {
  const [mode, setModeState] = useState<ThemeMode>(() => initialMode ?? readStoredThemeMode() ?? 'light');

  const setMode = useCallback((next: ThemeMode) => {
    setModeState(next);
    writeString(storageKeys.theme, next);
    mirrorToCookie(next);
  }, []);
  const toggle = useCallback(() => setMode(mode === 'light' ? 'dark' : 'light'), [mode, setMode]);

  // A visitor whose cookie is missing (first visit since the cookie exists) or stale gets the
  // saved mode now, and the cookie for the next page.
  useEffect(() => {
    const stored = readStoredThemeMode();
    if (!stored) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- after hydration on purpose: reading storage during render would mismatch the server's HTML
    setModeState(stored);
    mirrorToCookie(stored);
  }, []);

  // <html data-theme> picks the page colours (GlobalStyle) and color-scheme, before the browser
  // paints a change. A server-rendered page already names its mode: rewriting the same value
  // would still restyle the whole page.
  useLayoutEffect(() => {
    const root = document.documentElement;
    if (root.dataset.theme !== mode) root.dataset.theme = mode;
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
