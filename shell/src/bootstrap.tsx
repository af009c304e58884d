import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadRuntimeConfig } from 'shared-core';
import { App } from './app/App';
import { recordHealth, recordHydrationError } from './health/recordHealth';
import { loadRemoteRoutes } from './remotes/loadRemoteRoutes';
import { registryReady } from './remotes/startup';
import { findArea } from './routing/areas';
import { AfterHydration, takeEarlyTaps } from './startup/earlyTaps';
import { showStartupFailure } from './startup/showStartupFailure';
import './fonts';

/** The server marks the pages it rendered (docs/server-rendering.md). */
const serverRenderedTheme = () => {
  const { ssr, theme } = document.documentElement.dataset;
  return ssr !== undefined && (theme === 'light' || theme === 'dark') ? theme : null;
};

/**
 * A server-rendered page is hydrated once the remote that rendered it is loaded, so the first
 * render matches the HTML (no loading state in between). If that remote cannot be loaded, the
 * page is rendered afresh in the browser and shows the area's fallback, as it would have.
 */
async function hydrate(container: HTMLElement, theme: 'light' | 'dark'): Promise<boolean> {
  const area = findArea(window.location.pathname);
  if (area) {
    try {
      await loadRemoteRoutes(area.remote);
    } catch {
      recordHealth(area.remote, 'loadFailures');
      return false;
    }
  }
  const replayEarlyTaps = takeEarlyTaps();
  // In a transition React hydrates in slices of a few milliseconds, not in one long task, so a tap
  // on the painted page is not held up for the whole tree.
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <App initialMode={theme} hydrating />
        <AfterHydration run={replayEarlyTaps} />
      </StrictMode>,
      { onRecoverableError: recordHydrationError },
    );
  });
  return true;
}

async function start() {
  await Promise.all([registryReady, loadRuntimeConfig()]);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const theme = serverRenderedTheme();
  if (theme && (await hydrate(container, theme))) return;
  takeEarlyTaps(); // the page is rendered afresh: the buttons tapped are gone
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

start().catch(showStartupFailure);
