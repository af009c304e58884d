import type { VitalDecision } from 'shared-releases';
import { runningCanaryOverview } from './canaryFixtures';
import { canaryPanel, fakeService, renderPage } from './canaryTestKit';

const vital = (metric: VitalDecision['metric'], canary: number, live: number, samples: number) =>
  ({
    metric,
    canary: { samples, p75: canary },
    live: { samples: samples * 9, p75: live },
    outcome: 'healthy',
  }) as VitalDecision;

describe('the リリース page’s current decision with Core Web Vitals', () => {
  it('shows each vital’s p75 of canary and live beside the failure-rate test', async () => {
    const overview = runningCanaryOverview(10);
    const { decision } = overview.remotes[1]!.environments.production.health;
    decision!.vitals = [
      vital('lcp', 2210, 2180, 120),
      { ...vital('inp', 0, 0, 0), canary: { samples: 0, p75: null }, live: { samples: 0, p75: null } },
      vital('cls', 0.02, 0.01, 120),
    ];
    fakeService(overview);
    renderPage();
    expect(await canaryPanel()).toHaveTextContent(
      '（健全境界 5））Web Vitals: LCP p75 カナリア 2,210 ms (120 回)・現行 2,180 ms (1080 回) 健全、CLS p75 カナリア 0.02 (120 回)・現行 0.01 (1080 回) 健全。',
    );
  });
});
