import { useCallback, useMemo, type Dispatch } from 'react';
import type { AuthAction } from './authState';
import { isMobileDevice } from './device';
import { authMessages, signInErrorMessage } from './messages';
import { postSignInTarget, redirectPathForSignIn } from './redirectPaths';
import type { AuthSession } from './session';
import type { SessionLoader } from './sessionLoader';
import { storeRedirectPath } from './storage';
import type { ActionResult, AuthContextValue, ProfileChanges, SignInOptions, SignInResult } from './types';
import { confirmUser, forgetUser, welcomeName } from './userState';

type AuthActions = Pick<
  AuthContextValue,
  'signInWithGoogle' | 'updateUserProfile' | 'sendVerificationEmail' | 'logout' | 'clearMessages' | 'getIdToken'
>;

const currentPath = () => `${window.location.pathname}${window.location.search}`;

/** The context's actions. Each one awaits the lazily loaded SDK (and starts loading it). */
export function useAuthActions(
  loader: SessionLoader,
  dispatch: Dispatch<AuthAction>,
  onSignInStart: (() => void) | undefined,
): AuthActions {
  const signInWithGoogle = useCallback(
    async (options?: SignInOptions): Promise<SignInResult> => {
      // The business remote downloads while the visitor picks an account.
      onSignInStart?.();
      const redirectPath = redirectPathForSignIn(options?.redirectPath ?? currentPath());
      storeRedirectPath(redirectPath);
      dispatch({ type: 'redirectPathChanged', path: redirectPath });
      const method = isMobileDevice() ? 'redirect' : 'popup';
      try {
        const session = await loader.load();
        if (method === 'redirect') {
          await session.signInWithRedirect();
          return { success: true, isRedirect: true, redirectPath };
        }
        const user = await session.signInWithPopup();
        confirmUser(dispatch, user);
        dispatch({ type: 'succeeded', message: authMessages.welcome(welcomeName(user)) });
        return { success: true, isRedirect: false, redirectPath: postSignInTarget(redirectPath) };
      } catch (error) {
        const message = signInErrorMessage(error, method);
        dispatch({ type: 'failed', message });
        return { success: false, isRedirect: method === 'redirect', error: message };
      }
    },
    [loader, dispatch, onSignInStart],
  );

  /** Runs a profile action for the signed-in user; failures become the given message. */
  const withSignedInUser = useCallback(
    async (failureMessage: string, action: (session: AuthSession) => Promise<ActionResult>) => {
      const fail = (error: string): ActionResult => {
        dispatch({ type: 'failed', message: error });
        return { success: false, error };
      };
      try {
        const session = await loader.load();
        if (!session.isSignedIn()) return fail(authMessages.notSignedIn);
        return await action(session);
      } catch (error) {
        console.error(error);
        return fail(failureMessage);
      }
    },
    [loader, dispatch],
  );

  const updateUserProfile = useCallback(
    (changes: ProfileChanges) =>
      withSignedInUser(authMessages.profileUpdateFailed, async (session) => {
        confirmUser(dispatch, await session.updateProfile(changes));
        return { success: true };
      }),
    [withSignedInUser, dispatch],
  );

  const sendVerificationEmail = useCallback(
    () =>
      withSignedInUser(authMessages.verificationMailFailed, async (session) => {
        await session.sendVerificationEmail();
        dispatch({ type: 'succeeded', message: authMessages.verificationMailSent });
        return { success: true, message: authMessages.verificationMailSent };
      }),
    [withSignedInUser, dispatch],
  );

  const logout = useCallback(async (): Promise<ActionResult> => {
    try {
      const session = await loader.load();
      await session.signOut();
      forgetUser(dispatch);
      dispatch({ type: 'messagesCleared' });
      return { success: true };
    } catch (error) {
      console.error(error);
      dispatch({ type: 'failed', message: authMessages.logoutFailed });
      return { success: false, error: authMessages.logoutFailed };
    }
  }, [loader, dispatch]);

  const clearMessages = useCallback(() => dispatch({ type: 'messagesCleared' }), [dispatch]);

  const getIdToken = useCallback(
    () =>
      loader
        .load()
        .then((session) => session.getIdToken())
        .catch(() => null),
    [loader],
  );

  return useMemo(
    () => ({ signInWithGoogle, updateUserProfile, sendVerificationEmail, logout, clearMessages, getIdToken }),
    [signInWithGoogle, updateUserProfile, sendVerificationEmail, logout, clearMessages, getIdToken],
  );
}
