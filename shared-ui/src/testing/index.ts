// Test helpers (`import { … } from 'shared-ui/testing'`); never imported by application code. The
// shell's and the remotes' tests render with the test kit, shared-data/testing (router, auth, query
// cache); renderWithTheme is for this package's own components, which cannot reach those layers.
export { renderWithTheme } from './renderWithTheme';
export { mockMatchMedia, setViewportWidth } from './matchMedia';
export { mockIntersectionObserver } from './mockIntersectionObserver';
