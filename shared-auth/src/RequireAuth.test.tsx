import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { lightTheme } from 'shared-ui';
import { AuthInternalsContext, type AuthInternals } from './AuthContext';
import { RequireAuth } from './RequireAuth';
import { AuthTestProvider, testUser } from './testing';
import type { AuthContextValue } from './types';

const user = testUser();

function LoginProbe() {
  const { state } = useLocation();
  return <p>login page, from {(state as { from?: string } | null)?.from ?? 'nowhere'}</p>;
}

function renderGuard(
  value: Partial<AuthContextValue>,
  { path = '/business/settings?tab=2', requireAdmin = false, allowReleaseTeams = false } = {},
) {
  const internals: AuthInternals = { rememberRedirectPath: jest.fn(), loadNow: jest.fn() };
  render(
    <ThemeProvider theme={lightTheme}>
      <MemoryRouter initialEntries={[path]}>
        <AuthTestProvider value={value}>
          <AuthInternalsContext.Provider value={internals}>
            <Routes>
              <Route path="/business/login" element={<LoginProbe />} />
              <Route path="/business/dashboard" element={<p>dashboard</p>} />
              <Route
                path="*"
                element={
                  <RequireAuth requireAdmin={requireAdmin} allowReleaseTeams={allowReleaseTeams}>
                    <p>protected content</p>
                  </RequireAuth>
                }
              />
            </Routes>
          </AuthInternalsContext.Provider>
        </AuthTestProvider>
      </MemoryRouter>
    </ThemeProvider>,
  );
  return internals;
}

describe('RequireAuth', () => {
  it('shows the 認証中... spinner while auth is loading and asks for the SDK at once', () => {
    const internals = renderGuard({ loading: true, userProfile: user });
    expect(screen.getByRole('status')).toHaveTextContent('認証中...');
    expect(screen.queryByText('protected content')).not.toBeInTheDocument();
    expect(internals.loadNow).toHaveBeenCalled();
  });

  it('sends a signed-out visitor to the login page and remembers where they were going', () => {
    const internals = renderGuard({});
    expect(screen.getByText('login page, from /business/settings?tab=2')).toBeInTheDocument();
    expect(internals.rememberRedirectPath).toHaveBeenCalledWith('/business/settings?tab=2');
  });

  it('does not remember the home page', () => {
    const internals = renderGuard({}, { path: '/' });
    expect(screen.getByText('login page, from /')).toBeInTheDocument();
    expect(internals.rememberRedirectPath).not.toHaveBeenCalled();
  });

  it('sends a signed-in non-admin on an admin route to the dashboard', () => {
    renderGuard({ currentUser: user }, { path: '/admin', requireAdmin: true });
    expect(screen.getByText('dashboard')).toBeInTheDocument();
  });

  it('lets a release-team member onto an admin route that allows release teams, and only there', () => {
    const member = { currentUser: user, releaseTeams: ['public-site'] };
    renderGuard(member, { path: '/admin/releases', requireAdmin: true, allowReleaseTeams: true });
    expect(screen.getByText('protected content')).toBeInTheDocument();
  });

  it.each([
    ['a release-team member on an admin route that does not allow teams', ['public-site'], false],
    ['an account of no release team on one that does', [], true],
  ])('sends %s to the dashboard', (_label, releaseTeams, allowReleaseTeams) => {
    renderGuard({ currentUser: user, releaseTeams }, { path: '/admin/users', requireAdmin: true, allowReleaseTeams });
    expect(screen.getByText('dashboard')).toBeInTheDocument();
  });

  it('renders the page for an admin on an admin route', () => {
    renderGuard({ currentUser: user, isAdmin: true }, { path: '/admin', requireAdmin: true });
    expect(screen.getByText('protected content')).toBeInTheDocument();
  });

  it('renders the page for any signed-in user on a signed-in route', () => {
    renderGuard({ currentUser: user });
    expect(screen.getByText('protected content')).toBeInTheDocument();
  });

  it('never trusts a stored admin flag while Firebase is still loading', () => {
    renderGuard({ loading: true, isAdmin: true, userProfile: user }, { path: '/admin', requireAdmin: true });
    expect(screen.queryByText('protected content')).not.toBeInTheDocument();
  });
});
