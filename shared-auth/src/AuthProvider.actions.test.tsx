import { act } from '@testing-library/react';
import { auth, renderReady, resetBeforeEachTest } from './testing/authProviderHarness';
import { authError, fakeUser, firebaseAuthModule, firebaseMock } from './testing/firebaseAuthMock';

jest.mock('firebase/app', () => jest.requireActual('./testing/firebaseAuthMock').firebaseAppModule);
jest.mock('firebase/auth', () => jest.requireActual('./testing/firebaseAuthMock').firebaseAuthModule);
jest.mock('./fullReload', () => ({ reloadTo: jest.fn() }));

resetBeforeEachTest();

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
