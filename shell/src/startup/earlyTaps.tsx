import { useEffect } from 'react';

/**
 * Taps on buttons between the first paint of a server-rendered page and its hydration (the theme
 * toggle, the menu, a category chip): React is not listening yet, so shell/public/after-paint.js
 * keeps the buttons tapped in `window.__earlyTaps`, and the shell taps them again once the page
 * has hydrated. Links need none of this: they work from the first paint.
 */
declare global {
  interface Window {
    __earlyTaps?: HTMLButtonElement[];
  }
}

/**
 * Ends the recording (called just before hydrateRoot: from then on React replays what it
 * receives itself) and gives the replay of what was recorded. The replay runs once, however often
 * it is called, and skips buttons that are gone or disabled by then.
 */
export function takeEarlyTaps(): () => void {
  const taps = window.__earlyTaps ?? [];
  delete window.__earlyTaps;
  return () => {
    for (const button of taps.splice(0)) if (button.isConnected && !button.disabled) button.click();
  };
}

/** Rendered beside the hydrated app (no markup, so nothing to mismatch): replays after the commit. */
export function AfterHydration({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}
