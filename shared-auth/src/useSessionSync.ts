import { useEffect, type Dispatch } from 'react';
import { paths } from 'shared-core';
import type { AuthAction } from './authState';
import { postLoginReloadDelayMs } from './device';
import { reloadTo } from './fullReload';
import { authMessages } from './messages';
import { isSignedInLandingPath, postSignInTarget } from './redirectPaths';
import type { AuthSession } from './session';
import type { SessionLoader } from './sessionLoader';
import { whenPageIdle } from './sessionLoader';
import { clearStoredRedirectPath, hasSessionToConfirm, readStoredRedirectPath } from './storage';
import { confirmUser, forgetUser, welcomeName } from './userState';

/**
 * Loads the SDK once the page is idle when there is a session to confirm (or whenever anyone
 * asks the loader: sign-in, a guarded page, an ID token), then follows
 * Firebase: the redirect result first, then the auth state. `loading` ends with Firebase's
 * first answer.
 */
export function useSessionSync(loader: SessionLoader, dispatch: Dispatch<AuthAction>): void {
  useEffect(() => {
    let active = true;
    let stopListening = () => {};
    let reloadTimer: number | undefined;

    const reloadLater = (target: string, onlyIf: () => boolean = () => true) => {
      reloadTimer = window.setTimeout(() => {
        if (onlyIf()) reloadTo(target);
      }, postLoginReloadDelayMs());
    };

    const attach = async (session: AuthSession) => {
      let returnedFromRedirect = false;
      try {
        const user = await session.redirectResult();
        if (!active) return;
        if (user) {
          returnedFromRedirect = true;
          confirmUser(dispatch, user);
          dispatch({ type: 'succeeded', message: authMessages.welcome(welcomeName(user)) });
          const target = postSignInTarget(readStoredRedirectPath());
          clearStoredRedirectPath();
          dispatch({ type: 'redirectPathChanged', path: null });
          dispatch({ type: 'reloadScheduled', path: target });
          reloadLater(target);
        }
      } catch (error) {
        if (!active) return;
        console.error(error);
        forgetUser(dispatch);
        dispatch({ type: 'failed', message: authMessages.redirectResultFailed });
      }

      let firstAnswer = true;
      stopListening = session.onUserChanged((user, releaseTeams) => {
        if (!active) return;
        if (user) confirmUser(dispatch, user, releaseTeams);
        else forgetUser(dispatch);
        if (!firstAnswer) return;
        firstAnswer = false;
        dispatch({ type: 'ready' });
        // Only on arrival (not on later in-app navigation to /), and the dashboard is no landing
        // path, so this cannot loop. The login page navigates on its own first; the check at
        // fire time then skips the reload.
        const landing = () => isSignedInLandingPath(window.location.pathname);
        if (user && !returnedFromRedirect && landing() && !readStoredRedirectPath()) {
          reloadLater(paths.businessDashboard, landing);
        }
      });
    };

    const unsubscribe = loader.subscribe({
      loaded: (session) => void attach(session),
      failed: (error) => {
        console.error(error);
        if (active) dispatch({ type: 'ready' });
      },
    });
    // Nothing to confirm (no stored profile, no SDK session): load only when someone asks.
    const cancelIdleLoad = hasSessionToConfirm()
      ? whenPageIdle(() => void loader.load().catch(() => undefined))
      : () => {};

    return () => {
      active = false;
      unsubscribe();
      cancelIdleLoad();
      stopListening();
      window.clearTimeout(reloadTimer);
    };
  }, [loader, dispatch]);
}
