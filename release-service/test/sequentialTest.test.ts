/**
 * The canary's sequential test (src/releases/sequentialTest.ts): its arithmetic, and a simulation
 * of many canaries checked after every report (test/support/canarySimulation.ts, seeded, so the
 * figures below are the same on every run; docs/canary-releases.md records them).
 */
import { HEALTH_DEFAULTS } from 'shared-releases';
import { logMixtureRatio, normalCdf, sequentialTest } from '../src/releases/sequentialTest';
import { type Scenario, simulate } from './support/canarySimulation';

const RULES = {
  minCanaryViews: HEALTH_DEFAULTS.minCanaryViews,
  alpha: HEALTH_DEFAULTS.alpha,
  power: HEALTH_DEFAULTS.power,
  minEffect: HEALTH_DEFAULTS.minEffect,
};
/** A canary at 10 % of traffic, reporting every 10 of its views, watched up to 2,000 of them. */
const scenario = (canaryRate: number, liveRate: number): Scenario => ({
  canaryRate,
  liveRate,
  canaryStep: 10,
  liveStep: 90,
  horizon: 2_000,
});

describe('the arithmetic', () => {
  it('the normal CDF within 1e-6 of tabulated values', () => {
    for (const [z, p] of [
      [0, 0.5],
      [1.959964, 0.975],
      [-1.644854, 0.05],
      [3, 0.998650102],
    ] as const) {
      expect(Math.abs(normalCdf(z) - p)).toBeLessThan(1e-6);
    }
  });

  it('a mixture ratio of 1 without information, growing with the evidence', () => {
    expect(logMixtureRatio(0.1, 0, 0.05)).toBe(0);
    expect(logMixtureRatio(0.1, Number.POSITIVE_INFINITY, 0.05)).toBe(0);
    const weak = logMixtureRatio(0.05, 0.001, 0.05);
    const strong = logMixtureRatio(0.05, 0.0001, 0.05);
    expect(strong).toBeGreaterThan(weak);
    expect(logMixtureRatio(-0.05, 0.0001, 0.05)).toBeLessThan(0);
  });
});

describe('the outcomes', () => {
  it('inconclusive below the minimum sample, however bad', () => {
    const early = sequentialTest({ views: 49, failures: 49 }, { views: 1000, failures: 0 }, RULES);
    expect(early.outcome).toBe('inconclusive');
    expect(early.figures.difference).toBeNull();
  });

  it('without a control (too few live views): alone against the minimum effect, never healthy', () => {
    const broken = sequentialTest({ views: 50, failures: 50 }, { views: 0, failures: 0 }, RULES);
    expect(broken).toMatchObject({ outcome: 'withdraw', figures: { control: 'none', difference: 1 } });
    // 4 % failing, under the 5-point minimum effect: not withdrawn, and not healthy either.
    for (const views of [100, 1_000, 10_000]) {
      const quiet = sequentialTest({ views, failures: views * 0.04 }, { views: 49, failures: 0 }, RULES);
      expect(quiet).toMatchObject({ outcome: 'inconclusive', figures: { control: 'none' } });
    }
    expect(sequentialTest({ views: 500, failures: 100 }, { views: 10, failures: 0 }, RULES).outcome).toBe('withdraw');
  });

  it('withdraw: a canary failing every view at its minimum sample, beside a healthy live release', () => {
    const { outcome, figures } = sequentialTest({ views: 50, failures: 50 }, { views: 450, failures: 2 }, RULES);
    expect(outcome).toBe('withdraw');
    expect(figures.withdrawStatistic).toBeGreaterThanOrEqual(figures.withdrawBoundary);
    expect(figures).toMatchObject({
      method: 'msprt',
      control: 'live',
      withdrawBoundary: 20,
      healthyBoundary: 5,
      minEffect: 0.05,
    });
    expect(figures.difference).toBeCloseTo(50 / 50 - 2 / 450, 4);
  });

  it('records overwhelming evidence as a capped number, never Infinity (JSON would write null)', () => {
    const { outcome, figures } = sequentialTest(
      { views: 20_000, failures: 20_000 },
      { views: 180_000, failures: 0 },
      RULES,
    );
    expect(outcome).toBe('withdraw');
    expect(figures.withdrawStatistic).toBe(1e12);
    expect(JSON.parse(JSON.stringify(figures))).toEqual(figures);
  });

  it('healthy: the same rate on enough views of both; inconclusive on too few of the live release', () => {
    expect(sequentialTest({ views: 400, failures: 8 }, { views: 3600, failures: 72 }, RULES).outcome).toBe('healthy');
    expect(sequentialTest({ views: 400, failures: 8 }, { views: 40, failures: 1 }, RULES).outcome).toBe('inconclusive');
  });

  it('inconclusive: worse by about the minimum effect on few views', () => {
    const { outcome, figures } = sequentialTest({ views: 60, failures: 4 }, { views: 540, failures: 11 }, RULES);
    expect(outcome).toBe('inconclusive');
    expect(figures.withdrawStatistic).toBeLessThan(figures.withdrawBoundary);
    expect(figures.healthyStatistic).toBeLessThan(figures.healthyBoundary);
  });
});

/** The simulation's figures, printed and kept in the test's output for the docs. */
const report = (label: string, summary: ReturnType<typeof simulate>) =>
  console.log(`${label}: ${JSON.stringify(summary)}`);

describe(`simulation (alpha ${RULES.alpha}, power ${RULES.power}, minimum effect ${RULES.minEffect}, minimum ${RULES.minCanaryViews} views)`, () => {
  it.each([0.02, 0.1])('A/A at %p: 2,000 canaries withdrawn at most at alpha, and healthy soon', (rate) => {
    const summary = simulate(7, 2_000, scenario(rate, rate), RULES);
    report(`A/A ${rate}`, summary);
    expect(summary.withdrawn / summary.runs).toBeLessThanOrEqual(RULES.alpha);
    // Healthy is said for nearly every A/A canary, 90 % of them within these canary views.
    expect(summary.healthy / summary.runs).toBeGreaterThanOrEqual(0.95);
    expect(summary.healthyViews!.p90).toBeLessThanOrEqual(rate === 0.02 ? 200 : 600);
  });

  it.each([
    [0.02, 0.05],
    [0.1, 0.05],
    [0.02, 0.25],
    [0.1, 0.25],
  ])('live at %p, canary worse by %p: withdrawn at least at the power, in few views', (live, worse) => {
    const summary = simulate(11, 500, scenario(live + worse, live), RULES);
    report(`live ${live} canary +${worse}`, summary);
    expect(summary.withdrawn / summary.runs).toBeGreaterThanOrEqual(RULES.power);
    // Worse by the minimum effect: called healthy (before its withdrawal) at most 1 − power of the time.
    expect(summary.healthy / summary.runs).toBeLessThanOrEqual(1 - RULES.power);
    expect(summary.withdrawViews!.p90).toBeLessThanOrEqual(worse === 0.25 ? 100 : 1_000);
  });
});
