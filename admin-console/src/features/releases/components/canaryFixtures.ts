import type {
  AuditEntry,
  CanaryDecision,
  CanaryResult,
  CanaryState,
  ReleaseOverview,
  SequentialFigures,
} from 'shared-releases';
import { adminOverview, healthOf, manifestOf, step } from './releaseFixtures';

export const CANARY_STARTED = '2025-06-04T01:00:00.000Z';

const canaryState = (percent: number, fields: Partial<CanaryState> = {}): CanaryState => ({
  version: 'v4',
  manifestUrl: manifestOf('v4'),
  percent,
  status: 'running',
  startedAt: CANARY_STARTED,
  actor: 'console-team@example.com',
  withdrawn: null,
  ...fields,
});

/** admin-console's production (v2 live) with v4 as a canary at `percent`: v2 1.0 % of 1,200 views, v4 1.5 % of 200. */
export function runningCanaryOverview(percent = 10): ReleaseOverview {
  const overview = adminOverview();
  const production = overview.remotes[1]!.environments.production;
  production.canary = canaryState(percent);
  const [live, canary] = [healthOf('v2', 1200, 12), healthOf('v4', 200, 3)];
  production.health = {
    live,
    canary,
    windowMinutes: 10,
    decision: {
      canary,
      live,
      minCanaryViews: 50,
      secondsAfterStart: 300,
      outcome: 'healthy',
      test: testFigures({ difference: 0.005, withdrawStatistic: 0.42, healthyStatistic: 7.9 }),
    },
  };
  return overview;
}

/** The sequential test's figures at the defaults (alpha 5 %, power 80 %, 5 points, 50 views). */
const testFigures = (
  figures: Pick<SequentialFigures, 'difference' | 'withdrawStatistic' | 'healthyStatistic'>,
): SequentialFigures => ({
  method: 'msprt',
  control: 'live',
  alpha: 0.05,
  power: 0.8,
  minEffect: 0.05,
  minCanaryViews: 50,
  withdrawBoundary: 20,
  healthyBoundary: 5,
  ...figures,
});

/** The same figures as the service's sequential test decided a withdrawal on them. */
export const SEQUENTIAL_WITHDRAWAL: CanaryDecision = {
  canary: healthOf('v4', 60, 30),
  live: healthOf('v2', 600, 6),
  minCanaryViews: 50,
  secondsAfterStart: 42,
  outcome: 'withdraw',
  test: testFigures({ difference: 0.49, withdrawStatistic: 51234.5, healthyStatistic: 0 }),
};

/** The figures an older service (fixed margin) withdrew v4 on: 30 of 60 views failed, against 6 of 600. */
export const WITHDRAWAL: CanaryDecision = {
  canary: healthOf('v4', 60, 30),
  live: healthOf('v2', 600, 6),
  minCanaryViews: 50,
  margin: 0.25,
  secondsAfterStart: 42,
};

/** The same canary after the service withdrew it (0 %). */
export function withdrawnCanaryOverview(decision: CanaryDecision = SEQUENTIAL_WITHDRAWAL): ReleaseOverview {
  const overview = adminOverview();
  const production = overview.remotes[1]!.environments.production;
  production.canary = canaryState(0, {
    status: 'withdrawn',
    withdrawn: { at: '2025-06-04T01:00:42.000Z', decision },
  });
  production.health = { live: healthOf('v2', 640, 6), canary: healthOf('v4', 60, 30), windowMinutes: 10 };
  return overview;
}

/** The service's answer to a canary action in admin-console's production. */
export const canaryAnswer = (canary: CanaryState | null, liveVersion = 'v2'): CanaryResult => ({
  remote: 'admin_console',
  environment: 'production',
  live: step(liveVersion, 'release', '2025-06-04T02:00:00.000Z'),
  canary,
  notes: [],
});

export const runningAt = (percent: number) => canaryState(percent);

/** The withdrawal's audit line: no actor, the share back to 0 and the figures. */
export const withdrawalEntry = (decision: CanaryDecision = SEQUENTIAL_WITHDRAWAL): AuditEntry => ({
  id: 10,
  at: '2025-06-04T01:00:42.000Z',
  actor: { uid: null, email: null },
  action: 'canary-withdraw',
  outcome: 'done',
  remote: 'admin_console',
  environment: 'production',
  version: 'v4',
  sourceCommit: null,
  verdict: null,
  before: { version: 'v2', manifestUrl: manifestOf('v2') },
  message: null,
  canaryPercent: 0,
  decision,
});
