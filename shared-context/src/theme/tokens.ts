/** Colour palettes and layout constants from the spec (sections 3 and 9). */
export type ThemeMode = 'light' | 'dark';

export interface AppTheme {
  mode: ThemeMode;
  colors: {
    background: string;
    surface: string;
    text: string;
    textMuted: string;
    primary: string;
    secondary: string;
    border: string;
    header: string;
    line: string;
    lineText: string;
    danger: string;
    success: string;
    onPrimary: string;
    /** Accent-coloured text and links: AA contrast on background and surface in both modes. */
    accentText: string;
    /** Accent-filled controls (primary buttons) and the text on them, AA in both modes. */
    accentFill: string;
    onAccentFill: string;
  };
}

export const lightTheme: AppTheme = {
  mode: 'light',
  colors: {
    background: '#f5f5f7',
    surface: '#ffffff',
    text: '#1c1c1e',
    textMuted: '#4a4a4f',
    primary: '#5834ad',
    secondary: '#2cc8ac',
    border: '#d9d9de',
    header: 'rgba(255, 255, 255, 0.85)',
    line: '#06c755',
    lineText: '#04301a',
    danger: '#b3261e',
    success: '#1e7b34',
    onPrimary: '#ffffff',
    accentText: '#5834ad',
    accentFill: '#5834ad',
    onAccentFill: '#ffffff',
  },
};

export const darkTheme: AppTheme = {
  mode: 'dark',
  colors: {
    background: '#1c1c1e',
    surface: '#2c2c2e',
    text: '#f5f5f7',
    textMuted: '#c7c7cc',
    primary: '#806CC0',
    secondary: '#5DDBC6',
    border: '#3a3a3c',
    header: 'rgba(28, 28, 30, 0.85)',
    line: '#06c755',
    lineText: '#04301a',
    danger: '#ff8a80',
    success: '#7ee2a1',
    onPrimary: '#ffffff',
    // #806CC0 reaches only ~4.4:1 against white and ~3.2:1 against the dark surface.
    accentText: '#5DDBC6',
    accentFill: '#5DDBC6',
    onAccentFill: '#1c1c1e',
  },
};

export const themes: Record<ThemeMode, AppTheme> = { light: lightTheme, dark: darkTheme };

/** The spec recognises dark mode by the background colour. */
export const isDarkTheme = (theme: AppTheme): boolean => theme.colors.background === '#1c1c1e';

export const layout = {
  maxContentWidth: 1200,
  headerHeight: { desktop: 64, tablet: 60, phone: 50 },
  sidebarWidth: 280,
  imageHeight: { desktop: 200, mobile: 180 },
  gridMinColumn: 300,
} as const;

export const breakpoints = { tablet: 768, phone: 480 } as const;

/** Media queries: `tablet` matches widths up to 768 px, `phone` up to 480 px. */
export const media = {
  tablet: `@media (max-width: ${breakpoints.tablet}px)`,
  phone: `@media (max-width: ${breakpoints.phone}px)`,
} as const;

/**
 * 'Noto Sans JP' is the device's own font (one local() face); 'Noto Sans JP Web' the downloadable
 * slices for a device without it (tooling/webpack/loaders/fontDisplayLoader.js says why two
 * families). Headings: Montserrat first, except on a page served before this browser had it
 * (<html data-fonts="later">: GlobalStyle sets --font-heading without it), so that such a page
 * never asks for the font before its first paint (web-server's assemblePage.ts says why).
 */
const headingFallbacks = "'Noto Sans JP', 'Noto Sans JP Web', sans-serif";
export const fonts = {
  body: "'Noto Sans JP', 'Noto Sans JP Web', 'Hiragino Kaku Gothic ProN', 'Hiragino Sans', Meiryo, sans-serif",
  heading: `var(--font-heading, Montserrat, ${headingFallbacks})`,
  /** the headings' font before this browser has Montserrat */
  headingLater: headingFallbacks,
} as const;
