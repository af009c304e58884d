/**
 * shared-context: what holds one instance of state for the whole page, shared as a Module
 * Federation singleton (docs/releasing.md, the sharing rule). The theme mode and its
 * tokens, the page the server is rendering, the installed article sanitiser. shared-ui's
 * components (shared per version, not as a singleton) reach these only through this package, so
 * a remote's own newer copy of shared-ui still reads the shell's theme and server page.
 */
export * from './theme/tokens';
export {
  ThemeModeProvider,
  useThemeMode,
  readStoredThemeMode,
  themeModeFromCookie,
  THEME_COOKIE,
} from './theme/ThemeModeProvider';
export { GlobalStyle } from './theme/GlobalStyle';
export {
  ServerPageContext,
  createServerPage,
  useServerPage,
  useHttpStatus,
  type ServerPage,
  type ServerPageReport,
  type SocialMeta,
} from './ssr/ServerPage';
export { useHydrated } from './ssr/useHydrated';
export { installSanitizer, loadSanitizer, loadedSanitizer, type Sanitize } from './sanitizer';
