// A canary as the release service answers it: its state and plan, the health figures and the
// sequential test's decision (the rest of the answers: types.ts).
import type { VitalMetric } from './vitals';

/** Page views and failures of one release in the health window (failures: load + render + hydration). */
export interface ReleaseHealth {
  /** null: the remote's deployed build (no release live in this environment) */
  version: string | null;
  views: number;
  loadFailures: number;
  renderCrashes: number;
  hydrationErrors: number;
  /** (load failures + render crashes + hydration errors) / views, at most 1; null without views */
  failureRate: number | null;
}

/**
 * What the sequential test says of a running canary against the live release (docs/canary-releases.md,
 * "The decision"): withdraw (worse than live, at the false-withdrawal rate alpha), healthy (not worse
 * by minEffect or more, at 1 − power), inconclusive (not yet).
 */
export type CanaryOutcome = 'withdraw' | 'healthy' | 'inconclusive';

/** The sequential test's figures: the statistics beside the boundaries they are compared with. */
export interface SequentialFigures {
  /** mixture sequential probability ratio tests on the difference of failure rates */
  method: 'msprt';
  /** live: against the live release; none: it had fewer views than the minimum, the canary judged alone against minEffect */
  control: 'live' | 'none';
  alpha: number;
  power: number;
  /** the smallest difference of failure rates (0–1) the test is built to find */
  minEffect: number;
  minCanaryViews: number;
  /** canary failure rate − live failure rate; null before the minimum sample */
  difference: number | null;
  /** likelihood ratio of "canary worse than live"; withdraw at or above withdrawBoundary (1/alpha) */
  withdrawStatistic: number;
  withdrawBoundary: number;
  /** likelihood ratio of "canary not worse by minEffect"; healthy at or above healthyBoundary (1/(1 − power)) */
  healthyStatistic: number;
  healthyBoundary: number;
}

/** One Core Web Vital of a release over the health window: the page loads that reported it, its p75. */
export interface ReleaseVital {
  samples: number;
  /** the 75th percentile (LCP and INP in ms, CLS unitless), from log-spaced buckets (±2.5 %); null without samples */
  p75: number | null;
}

/**
 * What the sequential test says of one vital (docs/canary-releases.md, "Core Web Vitals"): the
 * share of the canary's page loads above the live release's p75 + margin, against the 25 % a
 * release has above its own p75.
 */
export interface VitalDecision {
  metric: VitalMetric;
  canary: ReleaseVital;
  live: ReleaseVital;
  /** HEALTH_LCP_MARGIN_MS, HEALTH_INP_MARGIN_MS or HEALTH_CLS_MARGIN */
  margin: number;
  /** live p75 + margin; null while live has fewer samples than the minimum */
  threshold: number | null;
  /** the canary's share of page loads above the threshold; null before both have the minimum */
  aboveShare: number | null;
  /** withdraw: worse than live by more than the margin; healthy: not worse by minEffect more than 25 % above */
  outcome: CanaryOutcome;
  /** the same mSPRT as the failure rates, on the share above against 25 % (difference = share − 0.25) */
  test: SequentialFigures;
}

/**
 * The figures of a canary's decision: in the audit line and on the canary when the service withdrew
 * it, and beside the health figures while it runs.
 */
export interface CanaryDecision {
  canary: ReleaseHealth;
  live: ReleaseHealth;
  minCanaryViews: number;
  /** the former fixed-margin rule's margin: only in decisions recorded before the sequential test */
  margin?: number;
  /** seconds from the canary's start to the decision */
  secondsAfterStart: number;
  /** absent from decisions recorded before the sequential test (they were all withdrawals) */
  outcome?: CanaryOutcome;
  test?: SequentialFigures;
  /** LCP, INP and CLS of both releases and each one's test; absent from decisions recorded before them */
  vitals?: VitalDecision[];
  /** what a withdrawal was decided on: the failure rate and/or the vitals found worse */
  withdrawnOn?: Array<'failures' | VitalMetric>;
}

export interface CanaryState {
  version: string;
  manifestUrl: string;
  /** share of visitors served the canary; 0 once withdrawn */
  percent: number;
  status: 'running' | 'withdrawn';
  startedAt: string;
  actor: string | null;
  /** set when the service withdrew it */
  withdrawn: { at: string; decision: CanaryDecision } | null;
  /** the steps the service advances it by (docs/canary-releases.md, "Steps"); null: moved by hand */
  plan?: CanaryPlan | null;
}

/** A canary's steps: each holds at least `soakSeconds` and until the decision is healthy. */
export interface CanaryPlan {
  /** the shares in order, increasing, each 1–99; the canary starts at the first */
  steps: number[];
  soakSeconds: number;
  /** the index in `steps` of the share it runs at now */
  step: number;
  /** when the current step began */
  stepStartedAt: string;
  /** a paused canary never advances (a withdrawal still applies) */
  paused: boolean;
}
