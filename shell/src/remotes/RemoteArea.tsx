import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { ErrorBoundary, Spinner } from 'shared-ui';
import { loadRemoteRoutes, type RemoteRoutesComponent } from './loadRemoteRoutes';
import { RemoteFallback } from './RemoteFallback';
import { entryOf, subscribeToEntries, type RemoteName } from './registry';

type State = { status: 'loading' } | { status: 'ready'; Routes: RemoteRoutesComponent } | { status: 'failed' };

/**
 * Renders one remote's routes inside the shell layout. Load and render failures both end in
 * the area's fallback; 再読み込み loads the remote again without reloading the page.
 */
export function RemoteArea({ name }: { name: RemoteName }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const { pathname } = useLocation();
  // A preview override switched on (or reset) while the area is shown loads the remote anew.
  const entry = useSyncExternalStore(subscribeToEntries, () => entryOf(name));

  useEffect(() => {
    let active = true;
    loadRemoteRoutes(name, { retry: attempt > 0 }).then(
      (Routes) => active && setState({ status: 'ready', Routes }),
      (error: unknown) => {
        console.error(error);
        if (active) setState({ status: 'failed' });
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

  if (state.status === 'loading') return <Spinner label="読み込み中..." />;
  if (state.status === 'failed') return <RemoteFallback remote={name} onRetry={retry} />;
  const { Routes } = state;
  return (
    <ErrorBoundary
      resetKey={`${pathname}#${attempt}`}
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
      <Routes />
    </ErrorBoundary>
  );
}
