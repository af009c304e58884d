import { getRuntimeConfig } from 'shared-core';
import type { AuthSession } from './session';

interface LoadListener {
  loaded: (session: AuthSession) => void;
  failed: (error: unknown) => void;
}

export interface SessionLoader {
  /** Starts loading the SDK (once; again after a failure) and resolves with the session. */
  load(): Promise<AuthSession>;
  /** Hears about the load whoever started it; a listener added late is told at once. */
  subscribe(listener: LoadListener): () => void;
}

export function createSessionLoader(importSession: () => Promise<AuthSession>): SessionLoader {
  let pending: Promise<AuthSession> | null = null;
  let session: AuthSession | null = null;
  const listeners = new Set<LoadListener>();

  return {
    load() {
      pending ??= importSession().then(
        (loaded) => {
          session = loaded;
          listeners.forEach((listener) => listener.loaded(loaded));
          return loaded;
        },
        (error: unknown) => {
          pending = null;
          listeners.forEach((listener) => listener.failed(error));
          throw error;
        },
      );
      return pending;
    },
    subscribe(listener) {
      listeners.add(listener);
      if (session) listener.loaded(session);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The page's one session: the Firebase chunk is fetched the first time anyone asks for it. */
export const firebaseSessionLoader = createSessionLoader(() =>
  import(/* webpackChunkName: "firebase-auth" */ './firebase/session').then(({ createAuthSession }) =>
    createAuthSession(getRuntimeConfig().auth),
  ),
);

/**
 * Runs `task` once the page has loaded and the main thread is idle, so the SDK download never
 * competes with the first paint. Returns a cancel function.
 */
export function whenPageIdle(task: () => void, { idleTimeoutMs = 3000, fallbackDelayMs = 1000 } = {}): () => void {
  let cancelIdle = () => {};
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(task, { timeout: idleTimeoutMs });
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(task, fallbackDelayMs);
      cancelIdle = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') {
    schedule();
    return () => cancelIdle();
  }
  window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    cancelIdle();
  };
}
