import type { AppTheme } from '../theme/tokens';

/**
 * Accent colours that keep WCAG AA contrast for small text in both themes. The dark palette's
 * primary (#806CC0) reaches only ~4.4:1 against white and ~3.2:1 against the dark surface, so
 * dark mode accents use the secondary colour instead.
 */
export const accentFill = (theme: AppTheme) =>
  theme.mode === 'dark'
    ? { background: theme.colors.secondary, color: theme.colors.background }
    : { background: theme.colors.primary, color: theme.colors.onPrimary };

/** Accent-coloured text on the background or surface colour. */
export const accentText = (theme: AppTheme) => (theme.mode === 'dark' ? theme.colors.secondary : theme.colors.primary);
