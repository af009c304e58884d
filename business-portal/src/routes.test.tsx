import { screen } from '@testing-library/react';
import { renderApp, signedIn } from 'shared-data/testing';
import BusinessPortalRoutes from './routes';
import { sampleProfile } from './testing/fakes';

const renderAt = (url: string) => renderApp(<BusinessPortalRoutes />, { url, auth: signedIn(sampleProfile) });

const sidebar = () => screen.queryByRole('complementary', { name: '事業者メニュー' });

describe('business portal routes', () => {
  it('sends /business to the dashboard', async () => {
    renderAt('/business');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(sidebar()).toBeInTheDocument();
  });

  it('shows the settings inside the sidebar layout', () => {
    renderAt('/business/settings');
    expect(screen.getByRole('heading', { level: 1, name: '設定' })).toBeInTheDocument();
    expect(sidebar()).toBeInTheDocument();
  });

  it('shows the profile without the sidebar', () => {
    renderAt('/profile');
    expect(screen.getByRole('heading', { level: 1, name: 'プロフィール' })).toBeInTheDocument();
    expect(sidebar()).not.toBeInTheDocument();
  });

  it('answers unknown business paths with the 404 page beside the sidebar', () => {
    renderAt('/business/unknown');
    expect(screen.getByRole('heading', { name: 'ページが見つかりません' })).toBeInTheDocument();
    expect(sidebar()).toBeInTheDocument();
  });
});
