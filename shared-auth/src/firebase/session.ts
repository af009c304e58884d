// The only module that imports the Firebase SDK. It is reached through a dynamic import()
// (see ../sessionLoader.ts), so the SDK never sits on a public visitor's critical path.
import { initializeApp, type FirebaseOptions } from 'firebase/app';
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  browserSessionPersistence,
  connectAuthEmulator,
  getRedirectResult,
  GoogleAuthProvider,
  initializeAuth,
  onAuthStateChanged,
  sendEmailVerification,
  signInWithPopup,
  signInWithRedirect,
  signOut,
  updateProfile,
  type Auth,
  type User,
} from 'firebase/auth';
import type { AuthBackend } from 'shared-core';
import type { AuthSession } from '../session';
import type { ProfileChanges, UserProfile } from '../types';

/**
 * Any non-empty key works against the emulator. The e2e helper `signInAs` writes the SDK's
 * session entry under this key (e2e/support/auth.ts), so keep the two in step.
 */
export const EMULATOR_API_KEY = 'demo-api-key';

function firebaseOptions(backend: AuthBackend): FirebaseOptions {
  if (backend.mode === 'project') return backend.config;
  return {
    apiKey: EMULATOR_API_KEY,
    // The SDK asserts an auth domain even though the emulator serves the auth pages itself.
    authDomain: `${backend.projectId}.firebaseapp.com`,
    projectId: backend.projectId,
  };
}

function createAuth(backend: AuthBackend): Auth {
  const app = initializeApp(firebaseOptions(backend));
  const auth = initializeAuth(app, {
    // The first persistence the browser supports wins: session storage, else local storage.
    persistence: [browserSessionPersistence, browserLocalPersistence],
    popupRedirectResolver: browserPopupRedirectResolver,
  });
  if (backend.mode === 'emulator') {
    // The page's own hostname: a localhost/127.0.0.1 mismatch breaks the redirect flow.
    connectAuthEmulator(auth, `http://${window.location.hostname}:${backend.emulatorPort}`, { disableWarnings: true });
  }
  auth.useDeviceLanguage();
  return auth;
}

function googleProvider(): GoogleAuthProvider {
  const provider = new GoogleAuthProvider();
  provider.addScope('email');
  provider.addScope('profile');
  provider.setCustomParameters({ prompt: 'select_account' });
  return provider;
}

export function toUserProfile(user: User): UserProfile {
  return {
    uid: user.uid,
    email: user.email ?? '',
    // A cleared value may come back as '' rather than null.
    displayName: user.displayName || null,
    photoURL: user.photoURL || null,
    emailVerified: user.emailVerified,
    createdAt: user.metadata.creationTime ?? null,
    lastSignInTime: user.metadata.lastSignInTime ?? null,
  };
}

/** The custom claim `teams` (workspace names) of the user's ID token; none when unreadable. */
async function releaseTeamsOf(user: User): Promise<string[]> {
  try {
    const { teams } = (await user.getIdTokenResult()).claims;
    return Array.isArray(teams) ? teams.filter((team): team is string => typeof team === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * An empty string clears a value. (The SDK documents null for that, but sends it as JSON null,
 * which the Auth emulator rejects; an empty string clears the value on both backends.)
 */
function profileUpdate(changes: ProfileChanges): { displayName?: string; photoURL?: string } {
  const update: { displayName?: string; photoURL?: string } = {};
  if (changes.displayName !== undefined) update.displayName = changes.displayName.trim();
  if (changes.photoURL !== undefined) update.photoURL = changes.photoURL.trim();
  return update;
}

export function createAuthSession(backend: AuthBackend): AuthSession {
  const auth = createAuth(backend);
  const provider = googleProvider();
  // Asked once per page: React StrictMode subscribes twice, and the outcome must not be lost.
  let redirectOutcome: Promise<UserProfile | null> | null = null;

  const signedInUser = (): User => {
    const user = auth.currentUser;
    if (!user) throw new NotSignedInError();
    return user;
  };

  return {
    redirectResult() {
      redirectOutcome ??= getRedirectResult(auth).then((result) => (result ? toUserProfile(result.user) : null));
      return redirectOutcome;
    },
    onUserChanged(listener) {
      // Reading the claims waits on the token: only the answer for the latest change is passed on.
      let latest = 0;
      return onAuthStateChanged(auth, (user) => {
        const change = ++latest;
        if (!user) return listener(null, []);
        void releaseTeamsOf(user).then((teams) => {
          if (change === latest) listener(toUserProfile(user), teams);
        });
      });
    },
    async signInWithPopup() {
      const result = await signInWithPopup(auth, provider);
      return toUserProfile(result.user);
    },
    async signInWithRedirect() {
      await signInWithRedirect(auth, provider);
    },
    signOut: () => signOut(auth),
    async updateProfile(changes) {
      const user = signedInUser();
      await updateProfile(user, profileUpdate(changes));
      return toUserProfile(user);
    },
    async sendVerificationEmail() {
      await sendEmailVerification(signedInUser());
    },
    async getIdToken() {
      await auth.authStateReady();
      return auth.currentUser ? auth.currentUser.getIdToken() : null;
    },
    isSignedIn: () => auth.currentUser !== null,
  };
}

export class NotSignedInError extends Error {
  constructor() {
    super('No signed-in user');
    this.name = 'NotSignedInError';
  }
}
