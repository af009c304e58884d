/** The arithmetic of canary health (src/releases/healthWindow.ts): rates, the decision, the window, failures split. */
import type { ReleaseHealth } from 'shared-releases';
import { decisionOf, minuteOf, releaseHealth, sinceMinute, splitFailures } from '../src/releases/healthWindow';

const RULES = { minCanaryViews: 50, alpha: 0.05, power: 0.8, minEffect: 0.05 };
const figures = (views: number, failures: number): ReleaseHealth =>
  releaseHealth('v', { views, loadFailures: failures, renderCrashes: 0, hydrationErrors: 0 });

describe('a release’s failure rate', () => {
  it('is failures over views, at most 1, and null without views', () => {
    expect(figures(40, 10).failureRate).toBe(0.25);
    expect(releaseHealth(null, { views: 2, loadFailures: 2, renderCrashes: 2, hydrationErrors: 2 }).failureRate).toBe(
      1,
    );
    expect(figures(0, 0)).toMatchObject({ views: 0, failureRate: null });
  });
});

describe('the decision', () => {
  const START = '2026-03-02T09:00:00.000Z';
  const decide = (canary: ReleaseHealth, live: ReleaseHealth) =>
    decisionOf(canary, live, RULES, START, Date.parse(START) + 61_250);

  it('is the sequential test on the figures, with them and the seconds since the start', () => {
    const decision = decide(figures(50, 50), figures(1000, 0));
    expect(decision).toMatchObject({
      canary: { views: 50, failureRate: 1 },
      live: { views: 1000, failureRate: 0 },
      minCanaryViews: 50,
      secondsAfterStart: 61.3,
      outcome: 'withdraw',
      test: { method: 'msprt', control: 'live', alpha: 0.05, power: 0.8, minEffect: 0.05, difference: 1 },
    });
    expect(decision).not.toHaveProperty('margin');
    expect(decide(figures(49, 49), figures(1000, 0)).outcome).toBe('inconclusive');
    expect(decide(figures(1000, 20), figures(9000, 180)).outcome).toBe('healthy');
  });

  it('counts failures at most once per view (several kinds of failure on one view)', () => {
    const many = releaseHealth('v', { views: 60, loadFailures: 60, renderCrashes: 60, hydrationErrors: 60 });
    expect(decide(many, figures(600, 0)).test!.difference).toBe(1);
  });
});

describe('the window', () => {
  const at = (iso: string) => Date.parse(iso);

  it('covers the last windowMinutes minutes, and for a canary only those since it started', () => {
    const now = at('2026-03-02T09:10:30Z');
    expect(sinceMinute(now, 10)).toBe(minuteOf(at('2026-03-02T09:01:00Z')));
    expect(sinceMinute(now, 10, '2026-03-02T09:07:59.000Z')).toBe(minuteOf(at('2026-03-02T09:07:00Z')));
    expect(sinceMinute(now, 10, '2026-03-02T08:00:00.000Z')).toBe(minuteOf(at('2026-03-02T09:01:00Z')));
  });
});

describe('splitting failures', () => {
  it('gives failures in order load, render, hydration up to what is allowed', () => {
    expect(splitFailures({ loadFailures: 2, renderCrashes: 2, hydrationErrors: 2 }, 3)).toEqual({
      loadFailures: 2,
      renderCrashes: 1,
      hydrationErrors: 0,
    });
  });
});
