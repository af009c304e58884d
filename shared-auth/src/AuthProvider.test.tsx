import { act, renderHook, waitFor, type RenderHookResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { setViewportWidth } from 'shared-ui/testing';
import { AuthProvider } from './AuthProvider';
import { useAuth } from './AuthContext';
import { reloadTo } from './fullReload';
import { createSessionLoader, type SessionLoader } from './sessionLoader';
import { authError, fakeUser, firebaseAppModule, firebaseAuthModule, firebaseMock } from './testing/firebaseAuthMock';
import type { AuthContextValue, UserProfile } from './types';

jest.mock('firebase/app', () => jest.requireActual('./testing/firebaseAuthMock').firebaseAppModule);
jest.mock('firebase/auth', () => jest.requireActual('./testing/firebaseAuthMock').firebaseAuthModule);
jest.mock('./fullReload', () => ({ reloadTo: jest.fn() }));

const backend = { mode: 'emulator', projectId: 'demo-test', emulatorPort: 9099 } as const;
const newLoader = (): SessionLoader =>
  createSessionLoader(async () => (await import('./firebase/session')).createAuthSession(backend));

const storedProfile: UserProfile = {
  uid: 'stored-uid',
  email: 'stored@example.com',
  displayName: '保存 済',
  photoURL: null,
  emailVerified: true,
  createdAt: null,
  lastSignInTime: null,
};

let hook: RenderHookResult<AuthContextValue, unknown>;
/** The context value as of the latest render. */
const auth = () => hook.result.current;

function renderProvider({ path = '/about', onSignInStart }: { path?: string; onSignInStart?: () => void } = {}) {
  window.history.replaceState(null, '', path);
  const loader = newLoader();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter>
      <AuthProvider sessionLoader={loader} onSignInStart={onSignInStart}>
        {children}
      </AuthProvider>
    </MemoryRouter>
  );
  hook = renderHook(() => useAuth(), { wrapper });
  return loader;
}

/** Loads the SDK now (instead of at idle time) and waits for Firebase's first answer. */
async function renderReady(options?: Parameters<typeof renderProvider>[0]) {
  const loader = renderProvider(options);
  await act(() => loader.load());
  await waitFor(() => expect(auth().loading).toBe(false));
  return loader;
}

beforeEach(() => {
  firebaseMock.reset();
  localStorage.clear();
  setViewportWidth(1280);
});

afterEach(() => jest.useRealTimers());

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

describe('pop-up sign-in (desktop)', () => {
  it('welcomes the user by display name and returns the page it started on', async () => {
    const onSignInStart = jest.fn();
    await renderReady({ path: '/articles?tag=x', onSignInStart });
    let result;
    await act(async () => {
      result = await auth().signInWithGoogle();
    });
    expect(onSignInStart).toHaveBeenCalledTimes(1);
    expect(firebaseAuthModule.signInWithPopup).toHaveBeenCalled();
    const provider = firebaseAuthModule.signInWithPopup.mock.calls[0] as unknown[];
    expect(provider[1]).toMatchObject({ scopes: ['email', 'profile'], customParameters: { prompt: 'select_account' } });
    expect(result).toEqual({ success: true, isRedirect: false, redirectPath: '/articles?tag=x' });
    expect(auth().authSuccess).toBe('ようこそ、事業者 太郎さん！');
    expect(auth().currentUser?.email).toBe('operator@example.com');
    expect(localStorage.getItem('loginRedirectPath')).toBe('/articles?tag=x');
  });

  it('welcomes by e-mail when there is no display name', async () => {
    firebaseAuthModule.signInWithPopup.mockImplementationOnce(async () => {
      const user = fakeUser({ displayName: null });
      firebaseMock.setUser(user);
      return { user };
    });
    await renderReady();
    await act(() => auth().signInWithGoogle());
    expect(auth().authSuccess).toBe('ようこそ、operator@example.comさん！');
  });

  it.each(['/', '/business/login'])('from %s, saves and returns the dashboard', async (path) => {
    await renderReady({ path });
    let result;
    await act(async () => {
      result = await auth().signInWithGoogle();
    });
    expect(result).toMatchObject({ success: true, redirectPath: '/business/dashboard' });
    expect(auth().loginRedirectPath).toBe('/business/dashboard');
    expect(localStorage.getItem('loginRedirectPath')).toBe('/business/dashboard');
  });

  it('uses the redirect path it is given (the page a guard sent the visitor away from)', async () => {
    await renderReady({ path: '/business/login' });
    let result;
    await act(async () => {
      result = await auth().signInWithGoogle({ redirectPath: '/business/settings' });
    });
    expect(result).toMatchObject({ redirectPath: '/business/settings' });
  });

  it.each([
    ['auth/popup-closed-by-user', 'ログインがキャンセルされました。'],
    ['auth/cancelled-popup-request', 'ログインがキャンセルされました。'],
    ['auth/popup-blocked', 'ポップアップがブロックされました。ブラウザの設定を確認してください。'],
    ['auth/network-request-failed', 'ネットワークエラーが発生しました。インターネット接続を確認してください。'],
    ['auth/too-many-requests', 'リクエストが多すぎます。しばらく待ってから再試行してください。'],
    ['auth/user-disabled', 'このアカウントは無効化されています。'],
    ['auth/operation-not-allowed', 'Googleログインが有効になっていません。'],
    ['auth/internal-error', 'ログインに失敗しました: Firebase: Error (auth/internal-error).'],
  ])('maps %s to its message', async (code, message) => {
    firebaseAuthModule.signInWithPopup.mockRejectedValueOnce(authError(code));
    await renderReady();
    let result;
    await act(async () => {
      result = await auth().signInWithGoogle();
    });
    expect(result).toEqual({ success: false, isRedirect: false, error: message });
    expect(auth().authError).toBe(message);
    expect(auth().currentUser).toBeNull();
  });
});

describe('redirect sign-in (mobile)', () => {
  it('uses a redirect at widths up to 768 px', async () => {
    setViewportWidth(768);
    await renderReady({ path: '/about' });
    let result;
    await act(async () => {
      result = await auth().signInWithGoogle();
    });
    expect(firebaseAuthModule.signInWithRedirect).toHaveBeenCalled();
    expect(firebaseAuthModule.signInWithPopup).not.toHaveBeenCalled();
    expect(result).toEqual({ success: true, isRedirect: true, redirectPath: '/about' });
  });

  it('uses a redirect for a mobile user agent on a wide screen', async () => {
    jest.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)');
    await renderReady();
    await act(() => auth().signInWithGoogle());
    expect(firebaseAuthModule.signInWithRedirect).toHaveBeenCalled();
    jest.restoreAllMocks();
  });

  it('uses a pop-up at 769 px', async () => {
    setViewportWidth(769);
    await renderReady();
    await act(() => auth().signInWithGoogle());
    expect(firebaseAuthModule.signInWithPopup).toHaveBeenCalled();
  });

  it('maps redirect errors without the pop-up-only messages', async () => {
    setViewportWidth(375);
    firebaseAuthModule.signInWithRedirect.mockRejectedValueOnce(authError('auth/user-disabled', 'disabled'));
    await renderReady();
    let result;
    await act(async () => {
      result = await auth().signInWithGoogle();
    });
    expect(result).toEqual({ success: false, isRedirect: true, error: 'ログインに失敗しました: disabled' });
  });

  it('maps a network failure on mobile like on desktop', async () => {
    setViewportWidth(375);
    firebaseAuthModule.signInWithRedirect.mockRejectedValueOnce(authError('auth/network-request-failed'));
    await renderReady();
    await act(() => auth().signInWithGoogle());
    expect(auth().authError).toBe('ネットワークエラーが発生しました。インターネット接続を確認してください。');
  });
});

describe('returning from a redirect sign-in', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] }));

  it('welcomes, forgets the saved path and reloads to it after 500 ms on mobile', async () => {
    setViewportWidth(375);
    localStorage.setItem('loginRedirectPath', '/business/settings');
    firebaseMock.redirectOutcome = fakeUser();
    await renderReady({ path: '/business/login' });
    expect(auth().authSuccess).toBe('ようこそ、事業者 太郎さん！');
    expect(auth().redirectingTo).toBe('/business/settings');
    expect(localStorage.getItem('loginRedirectPath')).toBeNull();
    act(() => jest.advanceTimersByTime(499));
    expect(reloadTo).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(reloadTo).toHaveBeenCalledWith('/business/settings');
  });

  it('reloads after 1000 ms on desktop, to the dashboard when no path was saved', async () => {
    firebaseMock.redirectOutcome = fakeUser();
    await renderReady({ path: '/about' });
    act(() => jest.advanceTimersByTime(999));
    expect(reloadTo).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(reloadTo).toHaveBeenCalledTimes(1);
    expect(reloadTo).toHaveBeenCalledWith('/business/dashboard');
  });

  it('on a redirect-result error, resets the user and says so', async () => {
    localStorage.setItem('userProfile', JSON.stringify(storedProfile));
    localStorage.setItem('isAdmin', 'true');
    firebaseMock.redirectOutcome = authError('auth/internal-error');
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderReady();
    expect(auth().authError).toBe('リダイレクト認証でエラーが発生しました。再度お試しください。');
    expect(auth().userProfile).toBeNull();
    expect(auth().isAdmin).toBe(false);
    expect(localStorage.getItem('userProfile')).toBeNull();
    act(() => jest.advanceTimersByTime(2000));
    expect(reloadTo).not.toHaveBeenCalled();
    jest.restoreAllMocks();
  });
});

describe('a signed-in user landing on / or the login page', () => {
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    firebaseMock.auth.currentUser = fakeUser();
  });

  it.each(['/', '/business/login'])('with no saved path, reloads from %s to the dashboard', async (path) => {
    await renderReady({ path });
    act(() => jest.advanceTimersByTime(1000));
    expect(reloadTo).toHaveBeenCalledWith('/business/dashboard');
  });

  it('does not reload when a redirect path is saved', async () => {
    localStorage.setItem('loginRedirectPath', '/business/dashboard');
    await renderReady({ path: '/' });
    act(() => jest.advanceTimersByTime(2000));
    expect(reloadTo).not.toHaveBeenCalled();
  });

  it('does not reload on other pages', async () => {
    await renderReady({ path: '/about' });
    act(() => jest.advanceTimersByTime(2000));
    expect(reloadTo).not.toHaveBeenCalled();
  });

  it('does not reload when the page has already moved on (the login page navigated itself)', async () => {
    await renderReady({ path: '/business/login' });
    window.history.replaceState(null, '', '/business/dashboard');
    act(() => jest.advanceTimersByTime(1000));
    expect(reloadTo).not.toHaveBeenCalled();
  });

  it('does not reload after a later sign-in on / (only on arrival)', async () => {
    firebaseMock.auth.currentUser = null;
    await renderReady({ path: '/' });
    act(() => firebaseMock.setUser(fakeUser()));
    localStorage.removeItem('loginRedirectPath');
    act(() => jest.advanceTimersByTime(2000));
    expect(reloadTo).not.toHaveBeenCalled();
  });
});

describe('logout', () => {
  it('signs out, clears user, messages and stored values, keeps the redirect path', async () => {
    firebaseMock.auth.currentUser = fakeUser({ email: 'admin@example.com' });
    localStorage.setItem('loginRedirectPath', '/business/settings');
    await renderReady();
    act(() => auth().clearMessages());
    firebaseAuthModule.signInWithPopup.mockRejectedValueOnce(authError('auth/popup-blocked'));
    await act(() => auth().signInWithGoogle());
    expect(auth().authError).not.toBeNull();
    localStorage.setItem('loginRedirectPath', '/business/settings');
    let result;
    await act(async () => {
      result = await auth().logout();
    });
    expect(result).toEqual({ success: true });
    expect(auth().currentUser).toBeNull();
    expect(auth().isAdmin).toBe(false);
    expect(auth().authError).toBeNull();
    expect(localStorage.getItem('userProfile')).toBeNull();
    expect(localStorage.getItem('isAdmin')).toBeNull();
    expect(localStorage.getItem('loginRedirectPath')).toBe('/business/settings');
  });

  it('reports a failed logout', async () => {
    firebaseMock.auth.currentUser = fakeUser();
    firebaseAuthModule.signOut.mockRejectedValueOnce(new Error('offline'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderReady();
    let result;
    await act(async () => {
      result = await auth().logout();
    });
    expect(result).toEqual({ success: false, error: 'ログアウトに失敗しました。' });
    expect(auth().authError).toBe('ログアウトに失敗しました。');
    expect(auth().currentUser).not.toBeNull();
    jest.restoreAllMocks();
  });
});

describe('profile actions', () => {
  it('require a signed-in user', async () => {
    await renderReady();
    let update, mail;
    await act(async () => {
      update = await auth().updateUserProfile({ displayName: 'x' });
      mail = await auth().sendVerificationEmail();
    });
    expect(update).toEqual({ success: false, error: 'ユーザーがログインしていません。' });
    expect(mail).toEqual({ success: false, error: 'ユーザーがログインしていません。' });
    expect(firebaseAuthModule.updateProfile).not.toHaveBeenCalled();
  });

  it('updates the display name and photo and stores the new profile', async () => {
    firebaseMock.auth.currentUser = fakeUser();
    await renderReady();
    let result;
    await act(async () => {
      result = await auth().updateUserProfile({ displayName: ' 新しい 名前 ', photoURL: 'https://example.com/me.png' });
    });
    expect(result).toEqual({ success: true });
    expect(auth().userProfile).toMatchObject({ displayName: '新しい 名前', photoURL: 'https://example.com/me.png' });
    expect(JSON.parse(localStorage.getItem('userProfile')!)).toMatchObject({ displayName: '新しい 名前' });
  });

  it('removes the photo when given an empty URL', async () => {
    firebaseMock.auth.currentUser = fakeUser({ photoURL: 'https://example.com/old.png' });
    await renderReady();
    await act(() => auth().updateUserProfile({ photoURL: '' }));
    expect(firebaseAuthModule.updateProfile).toHaveBeenCalledWith(expect.anything(), { photoURL: '' });
    expect(auth().userProfile?.photoURL).toBeNull();
  });

  it('reports a failed profile update', async () => {
    firebaseMock.auth.currentUser = fakeUser();
    firebaseAuthModule.updateProfile.mockRejectedValueOnce(new Error('boom'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderReady();
    let result;
    await act(async () => {
      result = await auth().updateUserProfile({ displayName: 'x' });
    });
    expect(result).toEqual({ success: false, error: 'プロフィールの更新に失敗しました。' });
    jest.restoreAllMocks();
  });

  it('sends the verification mail and confirms it', async () => {
    firebaseMock.auth.currentUser = fakeUser();
    await renderReady();
    let result;
    await act(async () => {
      result = await auth().sendVerificationEmail();
    });
    expect(firebaseAuthModule.sendEmailVerification).toHaveBeenCalledWith(firebaseMock.auth.currentUser);
    expect(result).toEqual({ success: true, message: '認証メールを送信しました。メールボックスを確認してください。' });
    expect(auth().authSuccess).toBe('認証メールを送信しました。メールボックスを確認してください。');
  });

  it('reports a failed verification mail', async () => {
    firebaseMock.auth.currentUser = fakeUser();
    firebaseAuthModule.sendEmailVerification.mockRejectedValueOnce(new Error('quota'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderReady();
    let result;
    await act(async () => {
      result = await auth().sendVerificationEmail();
    });
    expect(result).toEqual({ success: false, error: '認証メールの送信に失敗しました。' });
    expect(auth().authError).toBe('認証メールの送信に失敗しました。');
    jest.restoreAllMocks();
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
