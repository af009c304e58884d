import { registerRemotes } from '@module-federation/enhanced/runtime';
import { onCLS, onINP, onLCP } from 'web-vitals';
import { defaultRuntimeConfig, setRuntimeConfig } from 'shared-core';
import { fakeFetch } from 'shared-data/testing';
import { healthReportSchema, type HealthVital } from 'shared-releases';
import { loadRegistry } from '../remotes/registry';
import { resetHealthReporter } from './healthReporter';
import { spyOnBeacons, TEST_VIEW_TOKEN } from './healthTesting';
import { recordHealth } from './recordHealth';
import { watchVitals } from './vitals';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn() }));
// The library's observers need a real browser: the test plays its callbacks.
jest.mock('web-vitals', () => ({ onLCP: jest.fn(), onINP: jest.fn(), onCLS: jest.fn() }));

const MANIFEST = 'http://localhost:3002/releases/2025-02-01/mf-manifest.json';
type Callback = (metric: { value: number; entries: unknown[] }) => void;
/**
 * The callbacks a watchVitals() gave the library: the latest test's, or the reporter's own (the
 * first: it watches from its import, the test page being `complete` already).
 */
const callbacks = (which: 'latest' | 'reporter' = 'latest') => {
  const of = (on: unknown) => (on as jest.Mock).mock.calls.at(which === 'latest' ? -1 : 0)![0] as Callback;
  return { lcp: of(onLCP), inp: of(onINP), cls: of(onCLS) };
};

beforeAll(async () => {
  fakeFetch(() => ({ status: 200, body: { public_site: MANIFEST } }));
  await loadRegistry();
  expect(registerRemotes).toHaveBeenCalled();
});

/** The page: the shell's header, and <main> holding the area of the path. */
beforeEach(() => {
  document.body.innerHTML =
    '<header><h1 id="logo">AI まなび</h1></header><main id="main-content"><h1>記事</h1><p>本文</p><button>読む</button></main>';
  window.history.replaceState(null, '', '/articles');
});

const main = (selector: string) => document.querySelector(`#main-content ${selector}`)!;

describe('watchVitals', () => {
  it('attributes each vital to the remote whose area holds its element, sent once the page is hidden', () => {
    const ready = jest.fn<void, [HealthVital]>();
    const { finalVitals } = watchVitals(ready);
    const on = callbacks();
    on.lcp({ value: 1830.4, entries: [{ element: main('h1') }] });
    on.inp({ value: 312, entries: [{ target: null }, { target: main('button') }] });
    on.cls({
      value: 0.12,
      entries: [
        { value: 0.02, sources: [] },
        { value: 0.1, sources: [{ node: main('p').firstChild }] },
      ],
    });
    expect(ready).not.toHaveBeenCalled();
    finalVitals();
    expect(ready.mock.calls.map(([vital]) => vital)).toEqual([
      { metric: 'lcp', remote: 'public_site', manifest: MANIFEST, value: 1830.4 },
      { metric: 'inp', remote: 'public_site', manifest: MANIFEST, value: 312 },
      { metric: 'cls', remote: 'public_site', manifest: MANIFEST, value: 0.12 },
    ]);
    for (const [vital] of ready.mock.calls) expect(healthReportSchema.shape.vitals.parse([vital])).toEqual([vital]);
    // Hidden again (a tab switch), with a later value: nothing more, as the service counts one.
    on.inp({ value: 900, entries: [{ target: main('button') }] });
    finalVitals();
    expect(ready).toHaveBeenCalledTimes(3);
  });

  it('where the element was when observed: a tap that navigates away still counts for its area', () => {
    const ready = jest.fn<void, [HealthVital]>();
    const { finalVitals } = watchVitals(ready);
    callbacks().lcp({ value: 900, entries: [{ element: main('h1') }] });
    document.querySelector('#main-content')!.innerHTML = '';
    window.history.replaceState(null, '', '/business/login');
    finalVitals();
    expect(ready).toHaveBeenCalledWith(expect.objectContaining({ metric: 'lcp', remote: 'public_site', value: 900 }));
  });

  it('sends nothing of the shell’s: a header element, a shell page, a node no longer in the page', () => {
    const ready = jest.fn<void, [HealthVital]>();
    const { finalVitals } = watchVitals(ready);
    const on = callbacks();
    on.lcp({ value: 700, entries: [{ element: main('h1') }] });
    on.lcp({ value: 950, entries: [{ element: document.getElementById('logo') }] }); // the later, larger candidate
    on.cls({ value: 0.3, entries: [{ value: 0.3, sources: [{ node: document.createElement('div') }] }] });
    window.history.replaceState(null, '', '/business/login');
    on.inp({ value: 200, entries: [{ target: main('button') }] });
    finalVitals();
    expect(ready).not.toHaveBeenCalled();
  });
});

describe('in the health report', () => {
  beforeEach(() => {
    resetHealthReporter();
    setRuntimeConfig(defaultRuntimeConfig('localhost'));
  });

  it('the page’s vitals go with its last report when it is hidden; alone when no view is left to send', async () => {
    const { beacons } = spyOnBeacons();
    recordHealth('public_site', 'views');
    await new Promise((resolve) => setTimeout(resolve, 0)); // the recorder's import() of the reporter
    callbacks('reporter').lcp({ value: 2480, entries: [{ element: main('h1') }] });
    window.dispatchEvent(new Event('pagehide'));
    const [report] = (await beacons()).map((beacon) => healthReportSchema.parse(JSON.parse(beacon.body)));
    expect(report).toEqual({
      environment: 'production',
      token: TEST_VIEW_TOKEN,
      entries: [
        { remote: 'public_site', manifest: MANIFEST, views: 1, loadFailures: 0, renderCrashes: 0, hydrationErrors: 0 },
      ],
      vitals: [{ metric: 'lcp', remote: 'public_site', manifest: MANIFEST, value: 2480 }],
    });

    callbacks('reporter').cls({ value: 0.05, entries: [{ value: 0.05, sources: [{ node: main('p') }] }] });
    window.dispatchEvent(new Event('pagehide'));
    const second = healthReportSchema.parse(JSON.parse((await beacons())[1]!.body));
    expect(second).toMatchObject({ entries: [], vitals: [{ metric: 'cls', value: 0.05 }] });
  });
});
