/** A full page load of `url` replacing the current entry; its own module so tests can observe it (jsdom cannot navigate). */
export function reloadTo(url: string): void {
  window.location.replace(url);
}
