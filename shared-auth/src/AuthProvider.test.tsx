import { act, waitFor } from '@testing-library/react';
import { auth, renderProvider, renderReady, resetBeforeEachTest, storedProfile } from './testing/authProviderHarness';
import { fakeUser, firebaseAppModule, firebaseAuthModule, firebaseMock } from './testing/firebaseAuthMock';

jest.mock('firebase/app', () => jest.requireActual('./testing/firebaseAuthMock').firebaseAppModule);
jest.mock('firebase/auth', () => jest.requireActual('./testing/firebaseAuthMock').firebaseAuthModule);
jest.mock('./fullReload', () => ({ reloadTo: jest.fn() }));

resetBeforeEachTest();

describe('before Firebase has loaded', () => {
  it('renders from storage at once and keeps loading until Firebase answers', () => {
    localStorage.setItem('userProfile', JSON.stringify(storedProfile));
    localStorage.setItem('isAdmin', 'true');
    localStorage.setItem('loginRedirectPath', '/business/settings');
    renderProvider();
    expect(auth().loading).toBe(true);
    expect(auth().currentUser).toBeNull();
    expect(auth().userProfile).toEqual(storedProfile);
    expect(auth().isAdmin).toBe(true);
    expect(auth().loginRedirectPath).toBe('/business/settings');
    expect(firebaseAppModule.initializeApp).not.toHaveBeenCalled();
  });

  it.each([
    ['the string "true"', '"true"'],
    ['a number', '1'],
    ['garbage', 'yes please'],
  ])('discards an isAdmin value that is %s', (_label, raw) => {
    localStorage.setItem('isAdmin', raw);
    renderProvider();
    expect(auth().isAdmin).toBe(false);
  });

  it.each([
    ['without an email', { uid: 'u1', displayName: 'x' }],
    ['without a uid', { email: 'a@example.com' }],
    ['that is not JSON', '{oops'],
  ])('does not restore a stored profile %s', (_label, value) => {
    localStorage.setItem('userProfile', typeof value === 'string' ? value : JSON.stringify(value));
    renderProvider();
    expect(auth().userProfile).toBeNull();
  });

  it('loads Firebase only once the page is idle when there is a session to confirm', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    localStorage.setItem('userProfile', JSON.stringify(storedProfile));
    renderProvider();
    expect(firebaseAppModule.initializeApp).not.toHaveBeenCalled();
    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
    await waitFor(() => expect(auth().loading).toBe(false));
    expect(firebaseAppModule.initializeApp).toHaveBeenCalledTimes(1);
  });

  it('also confirms a session the SDK kept without our stored profile', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    sessionStorage.setItem('firebase:authUser:demo-api-key:[DEFAULT]', '{}');
    renderProvider();
    expect(auth().loading).toBe(true);
    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
    await waitFor(() => expect(firebaseAppModule.initializeApp).toHaveBeenCalledTimes(1));
    sessionStorage.clear();
  });

  it('never downloads Firebase for a first-time visitor who does not sign in', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    renderProvider();
    expect(auth().loading).toBe(false);
    expect(auth().currentUser).toBeNull();
    await act(async () => {
      jest.advanceTimersByTime(10_000);
    });
    expect(firebaseAppModule.initializeApp).not.toHaveBeenCalled();
  });
});

describe('Firebase initialisation', () => {
  it('connects to the emulator on the page hostname, session persistence first, device language', async () => {
    await renderReady();
    expect(firebaseAppModule.initializeApp).toHaveBeenCalledWith(expect.objectContaining({ projectId: 'demo-test' }));
    expect(firebaseAuthModule.initializeAuth).toHaveBeenCalledWith(expect.anything(), {
      persistence: [firebaseAuthModule.browserSessionPersistence, firebaseAuthModule.browserLocalPersistence],
      popupRedirectResolver: firebaseAuthModule.browserPopupRedirectResolver,
    });
    expect(firebaseAuthModule.connectAuthEmulator).toHaveBeenCalledWith(firebaseMock.auth, 'http://localhost:9099', {
      disableWarnings: true,
    });
    expect(firebaseMock.auth.useDeviceLanguage).toHaveBeenCalled();
  });
});

describe('auth state', () => {
  it('confirms a signed-in user, evaluates admin and stores both', async () => {
    firebaseMock.auth.currentUser = fakeUser({ email: ' Admin@Example.com ' });
    await renderReady();
    expect(auth().currentUser?.uid).toBe('uid-1');
    expect(auth().isAdmin).toBe(true);
    expect(JSON.parse(localStorage.getItem('userProfile')!)).toMatchObject({ uid: 'uid-1', emailVerified: false });
    expect(localStorage.getItem('isAdmin')).toBe('true');
  });

  it('a non-admin is stored as false', async () => {
    firebaseMock.auth.currentUser = fakeUser();
    await renderReady();
    expect(auth().isAdmin).toBe(false);
    expect(localStorage.getItem('isAdmin')).toBe('false');
  });

  it('when Firebase says signed out, clears the stored user but keeps the redirect path', async () => {
    localStorage.setItem('userProfile', JSON.stringify(storedProfile));
    localStorage.setItem('isAdmin', 'true');
    localStorage.setItem('loginRedirectPath', '/business/settings');
    await renderReady();
    expect(auth().userProfile).toBeNull();
    expect(auth().isAdmin).toBe(false);
    expect(localStorage.getItem('userProfile')).toBeNull();
    expect(localStorage.getItem('isAdmin')).toBeNull();
    expect(localStorage.getItem('loginRedirectPath')).toBe('/business/settings');
  });
});

describe('release teams', () => {
  it('come from the ID token’s teams claim, strings only, and are never stored', async () => {
    firebaseMock.auth.currentUser = fakeUser({
      getIdTokenResult: async () => ({ claims: { teams: ['admin-console', 7, 'public-site'] } }),
    });
    await renderReady();
    expect(auth().releaseTeams).toEqual(['admin-console', 'public-site']);
    expect(Object.values(localStorage).join()).not.toContain('admin-console');
  });

  it('are none without the claim, when the token cannot be read, and after sign-out', async () => {
    firebaseMock.auth.currentUser = fakeUser({
      getIdTokenResult: async () => {
        throw new Error('offline');
      },
    });
    await renderReady();
    expect(auth().currentUser).not.toBeNull();
    expect(auth().releaseTeams).toEqual([]);

    act(() => firebaseMock.setUser(fakeUser({ getIdTokenResult: async () => ({ claims: { teams: ['x'] } }) })));
    await waitFor(() => expect(auth().releaseTeams).toEqual(['x']));
    await act(() => auth().logout());
    expect(auth().releaseTeams).toEqual([]);
  });
});

describe('getIdToken', () => {
  it('returns the signed-in user’s token, or null when signed out', async () => {
    firebaseMock.auth.currentUser = fakeUser({ uid: 'abc' });
    await renderReady();
    await expect(auth().getIdToken()).resolves.toBe('token-abc');
    await act(() => auth().logout());
    await expect(auth().getIdToken()).resolves.toBeNull();
  });
});
