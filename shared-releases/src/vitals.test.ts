import { healthReportSchema } from './schemas';
import type { VitalDecision } from './canaryTypes';
import { vitalsSummary, vitalValueText } from './vitals';

const MANIFEST = 'https://cdn.example.com/public-site/releases/v2/mf-manifest.json';
const TOKEN = 'b3JhbmRvbWlk.1764300000.4211.public_site:Zz00aa11.kQ2cY0s1Xh8dUe5rVw3pLa';

describe('a report’s vitals', () => {
  const lcp = { metric: 'lcp', remote: 'public_site', manifest: MANIFEST, value: 2480.5 };

  it('ride with the entries or alone; a report with neither is empty', () => {
    expect(
      healthReportSchema.parse({ environment: 'production', token: TOKEN, entries: [], vitals: [lcp] }).vitals,
    ).toEqual([lcp]);
    const empty = healthReportSchema.safeParse({ environment: 'production', token: TOKEN, entries: [], vitals: [] });
    expect(empty.error?.issues.map((issue) => issue.message)).toEqual(['報告が空です。']);
  });

  it('one value per metric, a number from 0, nothing but the metric, remote, manifest and value', () => {
    const refused = (vitals: unknown[]) =>
      healthReportSchema.safeParse({ environment: 'production', token: TOKEN, entries: [], vitals }).error?.issues[0]
        ?.message;
    expect(refused([lcp, lcp])).toBe('同じ指標が 2 回報告されています。');
    expect(refused([{ ...lcp, value: -1 }])).toBe('指標の値は 0 以上です。');
    expect(refused([{ ...lcp, metric: 'fid' }])).toBe('指標は lcp / inp / cls のどれかです。');
    expect(refused([{ ...lcp, page: '/articles/secret' }])).toBeDefined();
  });
});

describe('vitalsSummary', () => {
  const vital = (metric: VitalDecision['metric'], canary: [number, number | null], live: [number, number | null]) =>
    ({
      metric,
      canary: { samples: canary[0], p75: canary[1] },
      live: { samples: live[0], p75: live[1] },
      outcome: metric === 'lcp' ? 'withdraw' : 'inconclusive',
    }) as VitalDecision;

  it('the vitals any page load reported, canary beside live, with the test’s word', () => {
    expect(
      vitalsSummary([
        vital('lcp', [52, 3818], [410, 2118]),
        vital('inp', [0, null], [0, null]),
        vital('cls', [3, 0.02], [40, 0]),
      ]),
    ).toBe(
      'LCP p75 カナリア 3,818 ms (52 回)・現行 2,118 ms (410 回) 悪化、CLS p75 カナリア 0.02 (3 回)・現行 0 (40 回) 判定保留',
    );
    expect(vitalsSummary(undefined)).toBe('');
    expect(vitalValueText('inp', null)).toBe('—');
  });
});
