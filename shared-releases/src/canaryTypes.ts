// A canary as the release service answers it: its state and plan, the health figures and the
// sequential test's decision (the rest of the answers: types.ts).

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
