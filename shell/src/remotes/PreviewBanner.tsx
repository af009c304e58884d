import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useAuth } from 'shared-auth';
import { NO_PREVIEW, getPreviewState, subscribeToPreview, syncPreview } from './preview';

// Only an admin with a preview sees the bar: not part of every visitor's first download.
const PreviewBar = lazy(() => import('./PreviewBar').then((m) => ({ default: m.PreviewBar })));

/**
 * Applies an admin's preview overrides once Firebase confirms the admin (rendered before the
 * layout, so this runs before the admin area loads) and names every active or refused override
 * with a one-click reset.
 */
export function PreviewBanner() {
  const { currentUser, isAdmin, loading } = useAuth();
  const confirmedAdmin = !loading && currentUser !== null && isAdmin;
  const preview = useSyncExternalStore(subscribeToPreview, getPreviewState, () => NO_PREVIEW);

  useEffect(() => {
    syncPreview(confirmedAdmin);
  }, [confirmedAdmin]);

  if (!Object.keys(preview.active).length && !preview.refused.length) return null;
  return (
    <Suspense fallback={null}>
      <PreviewBar {...preview} />
    </Suspense>
  );
}
