// Test helpers for the shell and the remotes (`import { … } from 'shared-ui/testing'`); never
// imported by application code.
export { renderWithTheme } from './renderWithTheme';
export { mockMatchMedia, setViewportWidth } from './matchMedia';
export { mockIntersectionObserver } from './mockIntersectionObserver';
