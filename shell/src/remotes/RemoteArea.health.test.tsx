import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { fakeFetch, renderApp } from 'shared-data/testing';
import { ThemeModeProvider } from 'shared-ui';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { resetHealthReporter } from '../health/healthReporter';
import { sendNow, settle, spyOnBeacons, type BeaconSpy } from '../health/healthTesting';
import { recordHealth, recordHydrationError } from '../health/recordHealth';
import { RemoteArea, ServerRemotesContext } from './RemoteArea';
import { loadRegistry } from './registry';
import { loadRemoteRoutes, resetLoadedRemotes } from './loadRemoteRoutes';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
  preloadRemote: jest.fn(),
}));

const MANIFEST = 'http://localhost:3002/mf-manifest.json';

/** The shell's header stand-in: a link to another page of the same area. */
function NextPage() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/articles/2')}>
      次のページ
    </button>
  );
}

/** A remote page that names its path. */
function ArticlePage() {
  return <p>記事 {useLocation().pathname}</p>;
}

/** A remote page that crashes on render, wherever it is. */
function CrashingPage(): never {
  throw new Error(`boom on ${useLocation().pathname}`);
}

const renderArea = () =>
  renderApp(
    <>
      <RemoteArea name="public_site" />
      <NextPage />
    </>,
    { url: '/articles/1' },
  );

const counts = (entry: object | undefined) => ({
  views: 0,
  loadFailures: 0,
  renderCrashes: 0,
  hydrationErrors: 0,
  ...entry,
});

let beacons: BeaconSpy;
/** The counts sent for public_site since the last call (one remote and manifest: one entry). */
const sentCounts = async () => {
  const entries = await sendNow(beacons);
  expect(entries).toEqual([expect.objectContaining({ remote: 'public_site', manifest: MANIFEST })]);
  const { views, loadFailures, renderCrashes, hydrationErrors } = entries[0]!;
  return { views, loadFailures, renderCrashes, hydrationErrors };
};

describe('RemoteArea: health of the remote it shows', () => {
  beforeAll(async () => {
    fakeFetch(() => ({ status: 200, body: { public_site: MANIFEST } }));
    await loadRegistry();
  });
  beforeEach(() => {
    jest.mocked(loadRemote).mockReset();
    resetLoadedRemotes();
    resetHealthReporter();
    beacons = spyOnBeacons();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('counts a view per page the area shows, not per render', async () => {
    jest.mocked(loadRemote).mockResolvedValue({ default: ArticlePage });
    renderArea();
    expect(await screen.findByText('記事 /articles/1')).toBeInTheDocument(); // loading, then ready: one page
    await userEvent.click(screen.getByRole('button', { name: '次のページ' }));
    expect(await screen.findByText('記事 /articles/2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '次のページ' })); // the same page again
    expect(await sentCounts()).toEqual(counts({ views: 2 }));
  });

  it('counts a load failure once per page, however often 再読み込み fails', async () => {
    jest.mocked(loadRemote).mockRejectedValue(new Error('ScriptNetworkError'));
    renderArea();
    await userEvent.click(await screen.findByRole('button', { name: '再読み込み' }));
    await userEvent.click(await screen.findByRole('button', { name: '再読み込み' }));
    expect(await screen.findByRole('button', { name: '再読み込み' })).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledTimes(3);
    expect(await sentCounts()).toEqual(counts({ views: 1, loadFailures: 1 }));

    // Another page while the remote is still unavailable shows the fallback again: a failed view
    // (the batch since the first one).
    await userEvent.click(screen.getByRole('button', { name: '次のページ' }));
    expect(await sentCounts()).toEqual(counts({ views: 1, loadFailures: 1 }));
  });

  it('gives bootstrap’s failed load of the remote to the page the area then shows, once', async () => {
    jest.mocked(loadRemote).mockRejectedValue(new Error('ScriptNetworkError'));
    await expect(loadRemoteRoutes('public_site')).rejects.toThrow();
    recordHealth('public_site', 'loadFailures'); // what bootstrap's hydrate() does
    renderArea();
    expect(await screen.findByRole('button', { name: '再読み込み' })).toBeInTheDocument();
    expect(await sentCounts()).toEqual(counts({ views: 1, loadFailures: 1 }));
  });

  it('counts a render crash caught by the area’s boundary, on each page that crashes', async () => {
    jest.mocked(loadRemote).mockResolvedValue({ default: CrashingPage });
    renderArea();
    expect(await screen.findByRole('alert')).toHaveTextContent('ページを表示できませんでした');
    // The next page is counted before its crash: it is a failed page of its own.
    await userEvent.click(screen.getByRole('button', { name: '次のページ' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(await sentCounts()).toEqual(counts({ views: 2, renderCrashes: 2 }));
  });

  it('counts a hydration error for the page’s area (hydrateRoot’s onRecoverableError)', async () => {
    window.history.replaceState(null, '', '/articles/1');
    const Page = ({ text }: { text: string }) => <p>{text}</p>;
    const tree = (remotes = {}) => (
      <ThemeModeProvider>
        <MemoryRouter initialEntries={['/articles/1']}>
          <ServerRemotesContext.Provider value={remotes}>
            <RemoteArea name="public_site" />
          </ServerRemotesContext.Provider>
        </MemoryRouter>
      </ThemeModeProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree({ public_site: () => <Page text="サーバーの記事" /> }));
    document.body.append(container);
    jest.mocked(loadRemote).mockResolvedValue({ default: () => <Page text="ブラウザーの記事" /> });
    await loadRemoteRoutes('public_site');

    await act(async () => {
      hydrateRoot(container, tree(), { onRecoverableError: recordHydrationError });
      await settle();
    });
    expect(container).toHaveTextContent('ブラウザーの記事');
    expect(await sentCounts()).toEqual(counts({ views: 1, hydrationErrors: 1 }));
    container.remove();
    window.history.replaceState(null, '', '/');
  });
});
