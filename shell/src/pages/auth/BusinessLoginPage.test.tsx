import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthContextValue, SignInResult } from 'shared-auth';
import { deferred, renderApp, testUser } from 'shared-data/testing';
import { BusinessLoginPage } from './BusinessLoginPage';

const user = testUser({ displayName: '事業者 太郎' });
const LOGIN = '/business/login';

function renderLogin(auth: Partial<AuthContextValue> = {}, state?: { from: string }) {
  renderApp(<BusinessLoginPage />, { url: { pathname: LOGIN, state }, path: LOGIN, auth });
}

const location = () => screen.getByTestId('location');
const googleButton = () => screen.getByRole('button', { name: /Googleでログイン|ログイン中/ });

beforeEach(() => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
  document.title = '';
});

describe('BusinessLoginPage', () => {
  it('shows the form, the divider, the Google button and the register link', () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: '事業者ログイン' })).toBeInTheDocument();
    expect(document.title).toBe('事業者ログイン | AIまなび');
    const email = screen.getByRole('textbox', { name: 'メールアドレス' });
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(screen.getByLabelText('パスワード')).toBeRequired();
    expect(screen.getByRole('checkbox', { name: 'ログイン状態を保持' })).not.toBeChecked();
    expect(screen.getByText('または')).toBeInTheDocument();
    expect(googleButton()).toBeEnabled();
    expect(screen.getByRole('link', { name: '新規登録' })).toHaveAttribute('href', '/business/register');
  });

  it('shows and hides the password', async () => {
    renderLogin();
    const password = screen.getByLabelText('パスワード');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'パスワードを表示' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'パスワードを隠す' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('explains that business accounts sign in with Google when the e-mail form is submitted', async () => {
    jest.spyOn(console, 'info').mockImplementation(() => undefined);
    renderLogin();
    await userEvent.type(screen.getByRole('textbox', { name: 'メールアドレス' }), 'a@example.com');
    await userEvent.type(screen.getByLabelText('パスワード'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(screen.getByText(/メールアドレスとパスワードでのログインには対応していません。/)).toBeInTheDocument();
    expect(console.info).not.toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ password: expect.anything() }),
    );
    jest.restoreAllMocks();
  });

  it('explains the forgotten-password case', async () => {
    jest.spyOn(console, 'info').mockImplementation(() => undefined);
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'パスワードをお忘れですか？' }));
    expect(screen.getByText(/パスワードの再設定は不要です。/)).toBeInTheDocument();
    jest.restoreAllMocks();
  });

  it('is busy while signing in, then goes to the returned redirect path', async () => {
    const pending = deferred<SignInResult>();
    const signInWithGoogle = jest.fn(() => pending.promise);
    renderLogin({ signInWithGoogle });
    await userEvent.click(googleButton());
    expect(googleButton()).toHaveTextContent('ログイン中...');
    expect(googleButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'ログイン' })).toBeDisabled();
    await act(async () => pending.resolve({ success: true, isRedirect: false, redirectPath: '/business/settings' }));
    expect(location()).toHaveTextContent('/business/settings');
  });

  it('goes to the dashboard when the returned path is the login page', async () => {
    const signInWithGoogle = jest.fn(async () => ({
      success: true,
      isRedirect: false,
      redirectPath: '/business/login',
    }));
    renderLogin({ signInWithGoogle });
    await userEvent.click(googleButton());
    await waitFor(() => expect(location()).toHaveTextContent('/business/dashboard'));
  });

  it('asks sign-in to return to the page a guard sent the visitor from', async () => {
    const signInWithGoogle = jest.fn(async () => ({
      success: true,
      isRedirect: false,
      redirectPath: '/business/settings',
    }));
    renderLogin({ signInWithGoogle }, { from: '/business/settings' });
    await userEvent.click(googleButton());
    expect(signInWithGoogle).toHaveBeenCalledWith({ redirectPath: '/business/settings' });
  });

  it('shows the returned error (and drops the banner copy), clearing it on typing', async () => {
    const clearMessages = jest.fn();
    const signInWithGoogle = jest.fn(async () => ({ success: false, error: 'ログインがキャンセルされました。' }));
    renderLogin({ signInWithGoogle, clearMessages });
    await userEvent.click(googleButton());
    expect(screen.getByRole('alert')).toHaveTextContent('ログインがキャンセルされました。');
    expect(clearMessages).toHaveBeenCalled();
    expect(googleButton()).toBeEnabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'メールアドレス' }), 'a');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('falls back to a generic failure message and clears errors after 5 s', async () => {
    jest.useFakeTimers();
    const signInWithGoogle = jest.fn(async () => ({ success: false }));
    renderLogin({ signInWithGoogle });
    await act(async () => googleButton().click());
    expect(screen.getByRole('alert')).toHaveTextContent('Googleログインに失敗しました。');
    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    jest.useRealTimers();
  });

  it('reports an unexpected exception', async () => {
    const signInWithGoogle = jest.fn(async (): Promise<SignInResult> => {
      throw new Error('boom');
    });
    renderLogin({ signInWithGoogle });
    await userEvent.click(googleButton());
    expect(screen.getByRole('alert')).toHaveTextContent('ログイン中にエラーが発生しました。');
  });

  it('on mobile, shows the redirect hint for 3 s and stays busy while the browser leaves', async () => {
    jest.useFakeTimers();
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 375 });
    const signInWithGoogle = jest.fn(() => new Promise<SignInResult>(() => undefined));
    renderLogin({ signInWithGoogle });
    await act(async () => googleButton().click());
    const hint = 'Googleログインを開始しています。ブラウザがリダイレクトされます...';
    expect(screen.getByText(hint)).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(2999));
    expect(screen.getByText(hint)).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText(hint)).not.toBeInTheDocument();
    expect(googleButton()).toBeDisabled();
    jest.useRealTimers();
  });

  it('does not show the redirect hint on desktop', async () => {
    const signInWithGoogle = jest.fn(() => new Promise<SignInResult>(() => undefined));
    renderLogin({ signInWithGoogle });
    await userEvent.click(googleButton());
    expect(screen.queryByText(/ブラウザがリダイレクトされます/)).not.toBeInTheDocument();
  });

  it('sends an already signed-in user to the requested page', () => {
    renderLogin({ currentUser: user }, { from: '/business/settings' });
    expect(location()).toHaveTextContent('/business/settings');
  });

  it('sends an already signed-in user without a requested page to the dashboard', async () => {
    renderLogin({ currentUser: user });
    await waitFor(() => expect(location()).toHaveTextContent('/business/dashboard'));
  });

  it('waits for the scheduled reload after a redirect sign-in instead of navigating', () => {
    renderLogin({ currentUser: user, redirectingTo: '/business/settings' });
    expect(screen.getByRole('status')).toHaveTextContent('ページを移動しています');
    expect(location()).toHaveTextContent(LOGIN);
  });
});
