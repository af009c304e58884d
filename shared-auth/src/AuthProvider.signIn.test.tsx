import { act } from '@testing-library/react';
import { setViewportWidth } from 'shared-ui/testing';
import { reloadTo } from './fullReload';
import { auth, renderReady, resetBeforeEachTest, storedProfile } from './testing/authProviderHarness';
import { authError, fakeUser, firebaseAuthModule, firebaseMock } from './testing/firebaseAuthMock';

jest.mock('firebase/app', () => jest.requireActual('./testing/firebaseAuthMock').firebaseAppModule);
jest.mock('firebase/auth', () => jest.requireActual('./testing/firebaseAuthMock').firebaseAuthModule);
jest.mock('./fullReload', () => ({ reloadTo: jest.fn() }));

resetBeforeEachTest();

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
    // Async: the listener reads the token's claims before it confirms the user.
    await act(async () => firebaseMock.setUser(fakeUser()));
    expect(auth().currentUser).not.toBeNull();
    localStorage.removeItem('loginRedirectPath');
    act(() => jest.advanceTimersByTime(2000));
    expect(reloadTo).not.toHaveBeenCalled();
  });
});
