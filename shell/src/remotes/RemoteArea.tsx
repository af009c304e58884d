import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useLocation } from 'react-router-dom';
import { ErrorBoundary, Spinner } from 'shared-ui';
import { recordHealth } from '../health/recordHealth';
import { loadRemoteRoutes, loadedRemoteRoutes, type RemoteRoutesComponent } from './loadRemoteRoutes';
import { RemoteFallback } from './RemoteFallback';
import { entryOf, subscribeToEntries, type RemoteName } from './registry';

type State = { status: 'loading' } | { status: 'ready'; Routes: RemoteRoutesComponent } | { status: 'failed' };

/** Remote routes the server loaded before rendering (the browser's are in loadRemoteRoutes). */
export const ServerRemotesContext = createContext<Partial<Record<RemoteName, RemoteRoutesComponent>>>({});

/** A remote already at hand renders at once: no loading state to flash, none to mismatch. */
function initialState(name: RemoteName, fromServer: RemoteRoutesComponent | undefined): State {
  const Routes = fromServer ?? loadedRemoteRoutes(name);
  return Routes ? { status: 'ready', Routes } : { status: 'loading' };
}

/**
 * Counts each page the area shows (its first render, every new pathname in it) for the remote's
 * health; a page shown while the remote's load has failed is a failed one. Rendered before the
 * area's content: React runs its layout effect before the boundary's componentDidCatch of the same
 * commit, so a page that crashes on render is counted before its crash. Never on the server.
 */
function PageView({ name, pathname, failed }: { name: RemoteName; pathname: string; failed: boolean }) {
  const counted = useRef<string>(null);
  useLayoutEffect(() => {
    if (counted.current === pathname) return;
    counted.current = pathname;
    recordHealth(name, 'views');
    if (failed) recordHealth(name, 'loadFailures');
  }, [name, pathname, failed]);
  return null;
}

/**
 * Renders one remote's routes inside the shell layout. Load and render failures both end in
 * the area's fallback; 再読み込み loads the remote again without reloading the page.
 */
export function RemoteArea({ name }: { name: RemoteName }) {
  const fromServer = useContext(ServerRemotesContext)[name];
  const [state, setState] = useState<State>(() => initialState(name, fromServer));
  const [attempt, setAttempt] = useState(0);
  const { pathname } = useLocation();
  // A preview override switched on (or reset) while the area is shown loads the remote anew.
  // Only an effect dependency, never rendered: the server's value (none) cannot mismatch.
  const readEntry = () => entryOf(name);
  const entry = useSyncExternalStore(subscribeToEntries, readEntry, readEntry);

  useEffect(() => {
    let active = true;
    loadRemoteRoutes(name, { retry: attempt > 0 }).then(
      // The same module as rendered already: keeping the state object keeps React from rendering
      // the remote again, which would turn server HTML still hydrating into a client render.
      (Routes) =>
        active &&
        setState((now) => (now.status === 'ready' && now.Routes === Routes ? now : { status: 'ready', Routes })),
      (error: unknown) => {
        console.error(error);
        if (!active) return;
        recordHealth(name, 'loadFailures');
        setState({ status: 'failed' });
      },
    );
    return () => {
      active = false;
    };
  }, [name, attempt, entry]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return (
    <>
      <PageView name={name} pathname={pathname} failed={state.status === 'failed'} />
      {state.status === 'loading' ? (
        <Spinner label="読み込み中..." />
      ) : state.status === 'failed' ? (
        <RemoteFallback remote={name} onRetry={retry} />
      ) : (
        <ErrorBoundary
          resetKey={`${pathname}#${attempt}`}
          onError={() => recordHealth(name, 'renderCrashes')}
          fallback={({ reset }) => (
            <RemoteFallback
              remote={name}
              onRetry={() => {
                reset();
                retry();
              }}
            />
          )}
        >
          <state.Routes />
        </ErrorBoundary>
      )}
    </>
  );
}
