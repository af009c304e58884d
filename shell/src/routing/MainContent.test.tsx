import { screen } from '@testing-library/react';
import { currentPath, fakeFetch, renderApp, signedIn, testUser } from 'shared-data/testing';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { loadRegistry } from '../remotes/registry';
import { resetLoadedRemotes } from '../remotes/loadRemoteRoutes';
import { MainContent } from './MainContent';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
  preloadRemote: jest.fn(),
}));

const admin = signedIn(testUser({ email: 'admin@example.com' }), { isAdmin: true });
const teamMember = signedIn(testUser({ email: 'public-team@example.com' }), { releaseTeams: ['public-site'] });
const operator = signedIn(testUser());

const renderAt = (url: string, auth: ReturnType<typeof signedIn>) => renderApp(<MainContent />, { url, auth });

describe('who may open the admin area', () => {
  beforeAll(async () => {
    fakeFetch(() => ({
      status: 200,
      body: {
        business_portal: 'http://localhost:3003/mf-manifest.json',
        admin_console: 'http://localhost:3004/mf-manifest.json',
      },
    }));
    await loadRegistry();
  });
  beforeEach(() => {
    resetLoadedRemotes();
    jest
      .mocked(loadRemote)
      .mockReset()
      .mockImplementation(async (id: string) => ({
        default: () => <p>{id.split('/')[0]} のページ</p>,
      }));
  });

  it.each(['/admin', '/admin/releases', '/admin/users'])('an admin opens %s', async (url) => {
    renderAt(url, admin);
    expect(await screen.findByText('admin_console のページ')).toBeInTheDocument();
    expect(currentPath()).toBe(url);
  });

  it('a release-team member who is not an admin opens the リリース page', async () => {
    renderAt('/admin/releases', teamMember);
    expect(await screen.findByText('admin_console のページ')).toBeInTheDocument();
  });

  it.each(['/admin', '/admin/articles', '/admin/users', '/admin/settings'])(
    'a release-team member is sent from %s to the dashboard, like any non-admin',
    async (url) => {
      renderAt(url, teamMember);
      expect(await screen.findByText('business_portal のページ')).toBeInTheDocument();
      expect(currentPath()).toBe('/business/dashboard');
      expect(loadRemote).not.toHaveBeenCalledWith('admin_console/routes');
    },
  );

  it('an account of no release team is sent from the リリース page to the dashboard', async () => {
    renderAt('/admin/releases', operator);
    expect(await screen.findByText('business_portal のページ')).toBeInTheDocument();
    expect(loadRemote).not.toHaveBeenCalledWith('admin_console/routes');
  });
});
