import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthContextValue } from 'shared-auth';
import { currentPath, renderApp } from 'shared-data/testing';
import { BusinessRegisterPage } from './BusinessRegisterPage';

const REGISTER = '/business/register';
const renderRegister = (auth: Partial<AuthContextValue> = {}) =>
  renderApp(<BusinessRegisterPage />, { url: REGISTER, path: REGISTER, auth });

describe('BusinessRegisterPage', () => {
  it('explains registration with a Google account and links to the login page', () => {
    renderRegister();
    expect(screen.getByRole('heading', { level: 1, name: '事業者アカウントの新規登録' })).toBeInTheDocument();
    expect(screen.getByText(/事業者アカウントはGoogleアカウントで登録します。/)).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'ログイン' })).toHaveAttribute('href', '/business/login');
  });

  it('registers by signing in with Google and goes to the dashboard', async () => {
    const signInWithGoogle = jest.fn(async () => ({
      success: true,
      isRedirect: false,
      redirectPath: '/business/dashboard',
    }));
    renderRegister({ signInWithGoogle });
    await userEvent.click(screen.getByRole('button', { name: 'Googleアカウントで登録' }));
    expect(signInWithGoogle).toHaveBeenCalled();
    await waitFor(() => expect(currentPath()).toBe('/business/dashboard'));
  });

  it('shows a sign-in error', async () => {
    const signInWithGoogle = jest.fn(async () => ({
      success: false,
      error: 'ポップアップがブロックされました。ブラウザの設定を確認してください。',
    }));
    renderRegister({ signInWithGoogle });
    await userEvent.click(screen.getByRole('button', { name: 'Googleアカウントで登録' }));
    expect(screen.getByRole('alert')).toHaveTextContent('ポップアップがブロックされました。');
  });
});
