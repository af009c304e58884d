import type { AppTheme } from 'shared-context';

/** Accent fill and text colours with WCAG AA contrast in both themes (see the theme tokens). */
export const accentFill = (theme: AppTheme) => ({
  background: theme.colors.accentFill,
  color: theme.colors.onAccentFill,
});

/** Accent-coloured text on the background or surface colour. */
export const accentText = (theme: AppTheme) => theme.colors.accentText;
