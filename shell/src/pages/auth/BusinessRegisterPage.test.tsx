import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import type { AuthContextValue } from 'shared-auth';
import { AuthTestProvider } from 'shared-auth/testing';
import { lightTheme } from 'shared-ui';
import { BusinessRegisterPage } from './BusinessRegisterPage';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderRegister(value: Partial<AuthContextValue> = {}) {
  render(
    <ThemeProvider theme={lightTheme}>
      <MemoryRouter initialEntries={['/business/register']}>
        <AuthTestProvider value={value}>
          <Routes>
            <Route path="/business/register" element={<BusinessRegisterPage />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </AuthTestProvider>
      </MemoryRouter>
    </ThemeProvider>,
  );
}

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
    expect(await screen.findByTestId('where')).toHaveTextContent('/business/dashboard');
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
