/**
 * The post-login full-page navigation (spec section 4), replacing the current history entry so
 * that Back does not return to the page that sent the user on. Its own module so tests can
 * observe it (jsdom cannot navigate).
 */
export function reloadTo(path: string): void {
  window.location.replace(path);
}
