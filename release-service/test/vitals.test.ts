/**
 * Core Web Vitals per release through the service (docs/canary-releases.md, "Core Web Vitals"):
 * page loads report LCP with their health entries; a canary whose largest text paints 1.5 s later
 * is withdrawn on LCP with its figures, an unchanged one is not; a view token's vitals count once,
 * only for a release it names; a malformed vital is a Japanese 400. Both engines.
 */
import type { AuditEntry, HealthVital, VitalDecision } from 'shared-releases';
import { addresses, consoleManifest, entry, JAPANESE, pageToken, report } from './support/canaryRequests';
import { RELEASE_TOKENS as T, remoteManifest } from './support/releaseFixtures';
import { setUpCanaryApp } from './support/useTestApp';
import { paced } from 'service-kit/testing/pace';

jest.setTimeout(paced(60_000));

// The service's clock and the tokens', at CANARY_START again before each test.
const { clock, store, api } = setUpCanaryApp();
const CONSOLE = 'admin_console';

beforeAll(() => {
  for (const version of ['v1', 'v2']) store.publish('admin-console', version, remoteManifest('admin_console'));
});
beforeEach(async () => {
  await api().release(T.admin, CONSOLE, 'production', 'v1');
  expect((await api().startCanary(T.admin, CONSOLE, 'production', 'v2', 10)).statusCode).toBe(201);
});

/** One page load of `version`: a view and its LCP, under a view token of its own. */
const pageLoad = (version: string, lcp: number, vitals: Partial<HealthVital>[] = [{}]) => {
  const entries = [entry(CONSOLE, consoleManifest(version), 1)];
  const vital = (extra: Partial<HealthVital>) =>
    Object.assign({ metric: 'lcp', remote: CONSOLE, manifest: consoleManifest(version), value: lcp }, extra);
  return Object.assign(report(...entries), { vitals: vitals.map(vital) });
};

/** A spread of LCPs like a real page's: 1.0–2.5 s. */
const liveLcp = (i: number) => 1000 + ((i * 373) % 1500);

/** A live and a canary page load a second apart; the canary's LCP is live's + `slower`. */
async function traffic(loads: number, slower: number): Promise<number | null> {
  const visitors = addresses(12);
  for (let i = 0; i < loads; i += 1) {
    clock.now += 1_000;
    const visitor = visitors[i % visitors.length]!;
    const live = await api().report(visitor, pageLoad('v1', liveLcp(i)));
    const canary = await api().report(visitor, pageLoad('v2', liveLcp(i + 7) + slower));
    expect([live.statusCode, canary.statusCode]).toEqual([202, 202]);
    if (!(await api().registry()).canaries[CONSOLE]) return i + 1;
  }
  return null;
}

const lcpOf = (vitals: VitalDecision[] | undefined) => vitals?.find((vital) => vital.metric === 'lcp');

it('withdraws a canary whose LCP is 1.5 s later, on LCP, with both p75s in the audit line', async () => {
  const loads = await traffic(200, 1500);
  expect(loads).toBe(50); // at the minimum sample: every canary page load is past live's p75 + 250 ms
  const [withdrawal] = await api().audit();
  expect(withdrawal).toMatchObject<Partial<AuditEntry>>({ action: 'canary-withdraw', version: 'v2', canaryPercent: 0 });
  const decision = withdrawal!.decision!;
  expect(decision).toMatchObject({ outcome: 'withdraw', withdrawnOn: ['lcp'], canary: { views: 50, failureRate: 0 } });
  const lcp = lcpOf(decision.vitals)!;
  expect(lcp).toMatchObject({ outcome: 'withdraw', margin: 250, canary: { samples: 50 }, live: { samples: 50 } });
  expect(lcp.canary.p75! - lcp.live.p75!).toBeGreaterThan(1300);
  expect(lcp.aboveShare).toBeGreaterThan(0.9);
  expect(lcp.test.withdrawStatistic).toBeGreaterThanOrEqual(lcp.test.withdrawBoundary);
  expect(withdrawal!.message).toContain(
    `カナリア v2 の LCP p75 ${lcp.canary.p75!.toLocaleString('en-US')} ms (50 読み込み) がライブ ${lcp.live.p75!.toLocaleString('en-US')} ms (50 読み込み) + 許容 250 ms より悪い`,
  );
  expect(withdrawal!.message).not.toContain('失敗率');
  console.log(`LCP +1.5 s: withdrawn after ${loads} canary page loads: ${withdrawal!.message}`);
});

it('keeps an unchanged canary: its LCP healthy beside live’s, both p75s shown', async () => {
  expect(await traffic(120, 0)).toBeNull();
  const { canary, health } = await api().environmentOf(CONSOLE);
  expect(canary).toMatchObject({ status: 'running', percent: 10 });
  expect(health.decision).toMatchObject({ outcome: 'healthy' });
  const lcp = lcpOf(health.decision!.vitals)!;
  expect(lcp).toMatchObject({ outcome: 'healthy', canary: { samples: 120 }, live: { samples: 120 } });
  expect(Math.abs(lcp.canary.p75! - lcp.live.p75!)).toBeLessThan(100);
  // INP and CLS: no page reported them; they hold nothing up and decide nothing.
  expect(health.decision!.vitals!.filter((vital) => vital.metric !== 'lcp')).toEqual([
    expect.objectContaining({ metric: 'inp', outcome: 'inconclusive', canary: { samples: 0, p75: null } }),
    expect.objectContaining({ metric: 'cls', outcome: 'inconclusive', canary: { samples: 0, p75: null } }),
  ]);
  expect((await api().audit()).some((line) => line.action === 'canary-withdraw')).toBe(false);
});

describe('what counts', () => {
  const canarySamples = async () => lcpOf((await api().environmentOf(CONSOLE)).health.decision!.vitals)!.canary.samples;

  it('a token’s vitals once, however many reports carry them; a vitals-only report is taken', async () => {
    const load = pageLoad('v2', 1800);
    for (let i = 0; i < 3; i += 1) expect((await api().report('198.51.100.1', load)).statusCode).toBe(202);
    expect(await canarySamples()).toBe(1);
    const token = pageToken([entry(CONSOLE, consoleManifest('v2'), 1)]);
    const vitalsOnly = { environment: 'production', token, entries: [], vitals: load.vitals };
    expect(await api().report('198.51.100.1', vitalsOnly)).toMatchObject({ statusCode: 202 });
    expect(await canarySamples()).toBe(2);
  });

  it('nothing for a release the token does not name, nor with a forged token', async () => {
    const livePage = pageLoad('v1', 1800);
    // A live page's token claiming the canary's LCP.
    const claim = Object.assign({}, livePage, { vitals: pageLoad('v2', 9000).vitals });
    expect((await api().report('198.51.100.2', claim)).statusCode).toBe(202);
    const forged = Object.assign(pageLoad('v2', 9000), {
      token: 'AAAAAAAAAAAA.1.2.admin_console:AAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA',
    });
    expect((await api().report('198.51.100.2', forged)).json()).toEqual({ accepted: 0 });
    expect(await canarySamples()).toBe(0);
  });

  it.each([
    ['a value that is not a number', [{ value: '1800' }], '指標の値は数値で指定してください。'],
    ['a negative value', [{ value: -1 }], '指標の値は 0 以上です。'],
    ['a metric twice', [{}, {}], '同じ指標が 2 回報告されています。'],
    ['an unknown metric', [{ metric: 'fid' }], '指標は lcp / inp / cls のどれかです。'],
  ] as const)('%s: 400 with a Japanese sentence, nothing counted', async (_label, vitals, message) => {
    const response = await api().report(
      '198.51.100.3',
      pageLoad('v2', 1800, vitals as unknown as Partial<HealthVital>[]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toContain(message);
    expect(response.json<{ error: string }>().error).toMatch(JAPANESE);
    expect(await canarySamples()).toBe(0);
  });
});
