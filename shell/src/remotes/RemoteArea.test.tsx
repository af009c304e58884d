import { act, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { fakeFetch, renderApp } from 'shared-data/testing';
import { ThemeModeProvider } from 'shared-ui';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { RemoteArea } from './RemoteArea';
import { loadRegistry, setPreviewOverrides } from './registry';
import { loadRemoteRoutes, resetLoadedRemotes } from './loadRemoteRoutes';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
  preloadRemote: jest.fn(),
}));

const renderArea = () => renderApp(<RemoteArea name="public_site" />);

describe('RemoteArea', () => {
  beforeAll(async () => {
    fakeFetch(() => ({ status: 200, body: { public_site: 'http://localhost:3002/mf-manifest.json' } }));
    await loadRegistry();
  });
  beforeEach(() => {
    jest.mocked(loadRemote).mockReset();
    resetLoadedRemotes();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('renders the remote routes once loaded', async () => {
    jest.mocked(loadRemote).mockResolvedValue({ default: () => <p>remote page</p> });
    renderArea();
    expect(await screen.findByText('remote page')).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledWith('public_site/routes');
  });

  it('shows the fallback when the remote is down and recovers with 再読み込み', async () => {
    jest.mocked(loadRemote).mockRejectedValueOnce(new Error('ScriptNetworkError'));
    renderArea();
    expect(await screen.findByRole('button', { name: '再読み込み' })).toBeInTheDocument();

    jest.mocked(loadRemote).mockResolvedValueOnce({ default: () => <p>back again</p> });
    await userEvent.click(screen.getByRole('button', { name: '再読み込み' }));
    expect(await screen.findByText('back again')).toBeInTheDocument();
    expect(registerRemotes).toHaveBeenLastCalledWith(expect.any(Array), { force: true });
  });

  it('contains a render crash inside the remote to the area fallback', async () => {
    const Crashing = () => {
      throw new Error('boom');
    };
    jest.mocked(loadRemote).mockResolvedValue({ default: Crashing });
    renderArea();
    expect(await screen.findByRole('alert')).toHaveTextContent('ページを表示できませんでした');
  });

  it('loads the remote anew from a preview override switched on while it is shown', async () => {
    jest.mocked(loadRemote).mockResolvedValueOnce({ default: () => <p>live release</p> });
    renderArea();
    expect(await screen.findByText('live release')).toBeInTheDocument();

    jest.mocked(loadRemote).mockResolvedValueOnce({ default: () => <p>preview release</p> });
    act(() => setPreviewOverrides({ public_site: 'http://127.0.0.1:4002/next/mf-manifest.json' }));
    expect(await screen.findByText('preview release')).toBeInTheDocument();
    expect(registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'public_site', entry: 'http://127.0.0.1:4002/next/mf-manifest.json' }],
      { force: true },
    );
    act(() => setPreviewOverrides({}));
  });

  it('renders a remote loaded before it once: confirming the load does not render the remote again', async () => {
    // Hydration: the page's remote is loaded before hydrateRoot. A second render of its routes
    // would reach parts of the server HTML still waiting for code and render them afresh.
    let renders = 0;
    const Routes = () => {
      renders += 1;
      return <p>remote page</p>;
    };
    jest.mocked(loadRemote).mockResolvedValue({ default: Routes });
    await loadRemoteRoutes('public_site');
    renderArea();
    expect(screen.getByText('remote page')).toBeInTheDocument();
    // The area's confirming load has settled (its handler, attached first, has run) and React has
    // rendered whatever it set.
    await act(() => loadRemoteRoutes('public_site'));
    expect(loadRemote).toHaveBeenCalledTimes(1);
    expect(renders).toBe(1);
  });

  it('renders on the server (its loading state) without a browser-only store read failing', () => {
    const html = renderToString(
      <ThemeModeProvider>
        <MemoryRouter>
          <RemoteArea name="public_site" />
        </MemoryRouter>
      </ThemeModeProvider>,
    );
    expect(html).toContain('読み込み中...');
  });
});
