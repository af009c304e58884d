/**
 * A stand-in for the `firebase/auth` and `firebase/app` modules in unit tests: the provider and
 * ./firebase/session.ts run unchanged against it. Tests drive it through `firebaseMock`.
 *
 *   jest.mock('firebase/app', () => jest.requireActual('./testing/firebaseAuthMock').firebaseAppModule);
 *   jest.mock('firebase/auth', () => jest.requireActual('./testing/firebaseAuthMock').firebaseAuthModule);
 */
export interface FakeUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  emailVerified: boolean;
  metadata: { creationTime?: string; lastSignInTime?: string };
  getIdToken: () => Promise<string>;
  /** The token's claims, e.g. `{ teams: ['admin-console'] }` for a release-team member. */
  getIdTokenResult: () => Promise<{ claims: Record<string, unknown> }>;
}

export function fakeUser(overrides: Partial<FakeUser> = {}): FakeUser {
  const uid = overrides.uid ?? 'uid-1';
  return {
    uid,
    email: 'operator@example.com',
    displayName: '事業者 太郎',
    photoURL: null,
    emailVerified: false,
    metadata: { creationTime: 'Mon, 01 Sep 2025 00:00:00 GMT', lastSignInTime: 'Tue, 02 Sep 2025 09:30:00 GMT' },
    getIdToken: async () => `token-${uid}`,
    getIdTokenResult: async () => ({ claims: {} }),
    ...overrides,
  };
}

/** A Firebase-style error: `code` plus a message such as "Firebase: Error (auth/x)." */
export function authError(code: string, message = `Firebase: Error (${code}).`): Error & { code: string } {
  return Object.assign(new Error(message), { code });
}

type Listener = (user: FakeUser | null) => void;

const listeners = new Set<Listener>();
const auth = {
  currentUser: null as FakeUser | null,
  useDeviceLanguage: jest.fn(),
  authStateReady: jest.fn(async () => undefined),
};

export const firebaseMock = {
  auth,
  /** What getRedirectResult resolves with (a user) or rejects with (an error). */
  redirectOutcome: null as FakeUser | Error | null,
  /** Sets the signed-in user and tells the listeners, as Firebase does after a state change. */
  setUser(user: FakeUser | null) {
    auth.currentUser = user;
    listeners.forEach((listener) => listener(user));
  },
  reset() {
    listeners.clear();
    auth.currentUser = null;
    firebaseMock.redirectOutcome = null;
    jest.clearAllMocks();
  },
};

export const firebaseAppModule = {
  initializeApp: jest.fn((options: object) => ({ name: '[DEFAULT]', options })),
};

class GoogleAuthProvider {
  scopes: string[] = [];
  customParameters: Record<string, string> = {};
  addScope(scope: string) {
    this.scopes.push(scope);
    return this;
  }
  setCustomParameters(parameters: Record<string, string>) {
    this.customParameters = parameters;
    return this;
  }
}

export const firebaseAuthModule = {
  browserLocalPersistence: { type: 'LOCAL' },
  browserSessionPersistence: { type: 'SESSION' },
  browserPopupRedirectResolver: { resolver: true },
  GoogleAuthProvider,
  initializeAuth: jest.fn(() => auth),
  connectAuthEmulator: jest.fn(),
  getRedirectResult: jest.fn(async () => {
    const outcome = firebaseMock.redirectOutcome;
    if (outcome instanceof Error) throw outcome;
    if (outcome) auth.currentUser = outcome;
    return outcome ? { user: outcome } : null;
  }),
  onAuthStateChanged: jest.fn((_auth: unknown, listener: Listener) => {
    listeners.add(listener);
    // Firebase answers once it has initialised, never synchronously.
    void Promise.resolve().then(() => listeners.has(listener) && listener(auth.currentUser));
    return () => listeners.delete(listener);
  }),
  signInWithPopup: jest.fn(async (): Promise<{ user: FakeUser }> => {
    const user = fakeUser();
    firebaseMock.setUser(user);
    return { user };
  }),
  signInWithRedirect: jest.fn(async () => undefined),
  signOut: jest.fn(async () => firebaseMock.setUser(null)),
  updateProfile: jest.fn(async (user: FakeUser, changes: { displayName?: string | null; photoURL?: string | null }) => {
    if (changes.displayName !== undefined) user.displayName = changes.displayName;
    if (changes.photoURL !== undefined) user.photoURL = changes.photoURL;
  }),
  sendEmailVerification: jest.fn(async () => undefined),
};
