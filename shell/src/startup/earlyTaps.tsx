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

/**
 * Rendered beside the hydrated app (no markup, so nothing to mismatch): replays after the commit,
 * in a task of its own. The commit leaves each Suspense boundary (a remote's page) dehydrated, to
 * be hydrated later; a click on a button inside one makes React hydrate that boundary there and
 * then and hand it the click, but not while React is still running the commit's effects: from the
 * effect itself the click would find no listener yet and be dropped (a phone's category dropdown
 * tapped early stayed shut).
 */
export function AfterHydration({ run }: { run: () => void }) {
  useEffect(() => {
    const task = setTimeout(run, 0);
    return () => clearTimeout(task);
  }, [run]);
  return null;
}
