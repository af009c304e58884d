import { act, renderHook } from '@testing-library/react';
import type { AuthContextValue, SignInResult } from 'shared-auth';
import { appWrapper, currentPath, testUser } from 'shared-data/testing';
import { footerPostLoginTarget, postLoginTarget, useLoginLogout } from './useLoginLogout';

const profile = testUser();

describe('postLoginTarget (header order of preference)', () => {
  const ok = (redirectPath?: string): SignInResult => ({ success: true, redirectPath });

  it('prefers the returned redirect path unless it is the login page', () => {
    expect(postLoginTarget(ok('/about'), '/business/settings', '/x')).toBe('/about');
    expect(postLoginTarget(ok('/business/login'), '/business/settings', '/x')).toBe('/business/settings');
  });

  it('then the saved path unless it is /, then state from, then the dashboard', () => {
    expect(postLoginTarget(ok(), '/', '/from')).toBe('/from');
    expect(postLoginTarget(ok(), null, undefined)).toBe('/business/dashboard');
  });
});

describe('footerPostLoginTarget', () => {
  it('uses the returned path unless empty or the login page', () => {
    expect(footerPostLoginTarget({ success: true, redirectPath: '/about' })).toBe('/about');
    expect(footerPostLoginTarget({ success: true, redirectPath: '' })).toBe('/business/dashboard');
    expect(footerPostLoginTarget({ success: true, redirectPath: '/business/login' })).toBe('/business/dashboard');
  });
});

function setup(auth: Partial<AuthContextValue>, placement: 'header' | 'footer' = 'header') {
  const { wrapper } = appWrapper({ url: '/about', auth });
  return { hook: renderHook(() => useLoginLogout(placement), { wrapper }) };
}

describe('useLoginLogout', () => {
  it('looks signed in from the stored profile until Firebase has answered', () => {
    expect(setup({ loading: true, userProfile: profile }).hook.result.current.signedIn).toBe(true);
    expect(setup({ loading: false, userProfile: profile }).hook.result.current.signedIn).toBe(false);
    expect(setup({ currentUser: profile }).hook.result.current.signedIn).toBe(true);
  });

  it('logs out to /', async () => {
    const logout = jest.fn(async () => ({ success: true }));
    const { hook } = setup({ currentUser: profile, logout });
    await act(() => hook.result.current.logout());
    expect(logout).toHaveBeenCalled();
    expect(currentPath()).toBe('/');
  });

  it('stays put when logout fails', async () => {
    const logout = jest.fn(async () => ({ success: false, error: 'ログアウトに失敗しました。' }));
    const { hook } = setup({ currentUser: profile, logout });
    await act(() => hook.result.current.logout());
    expect(currentPath()).toBe('/about');
  });

  it('header: navigates after a pop-up sign-in', async () => {
    const signInWithGoogle = jest.fn(async () => ({
      success: true,
      isRedirect: false,
      redirectPath: '/business/login',
    }));
    const { hook } = setup({ signInWithGoogle, loginRedirectPath: '/business/settings' });
    await act(() => hook.result.current.login());
    expect(currentPath()).toBe('/business/settings');
  });

  it('footer: goes to the dashboard when the returned path is the login page, and only logs failures', async () => {
    const signInWithGoogle = jest
      .fn<Promise<SignInResult>, []>()
      .mockResolvedValueOnce({ success: true, isRedirect: false, redirectPath: '/business/login' })
      .mockResolvedValueOnce({ success: false, error: 'ログインがキャンセルされました。' });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { hook } = setup({ signInWithGoogle, loginRedirectPath: '/business/settings' }, 'footer');
    await act(() => hook.result.current.login());
    expect(currentPath()).toBe('/business/dashboard');
    await act(() => hook.result.current.login());
    expect(error).toHaveBeenCalledWith('ログインがキャンセルされました。');
    error.mockRestore();
  });

  it('does not navigate while a redirect sign-in leaves the page', async () => {
    const signInWithGoogle = jest.fn(async () => ({ success: true, isRedirect: true, redirectPath: '/about' }));
    const { hook } = setup({ signInWithGoogle });
    await act(() => hook.result.current.login());
    expect(currentPath()).toBe('/about');
  });
});
