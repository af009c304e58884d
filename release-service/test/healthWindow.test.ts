/** The arithmetic of canary health (src/releases/healthWindow.ts): rates, the decision, the window, the cap. */
import type { ReleaseHealth } from 'shared-releases';
import {
  AddressCaps,
  decisionOf,
  minuteOf,
  releaseHealth,
  sinceMinute,
  splitFailures,
} from '../src/releases/healthWindow';

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

describe('the per-address cap', () => {
  it('counts at most `cap` views and failures per address and release, and forgets them with each window', () => {
    const caps = new AddressCaps(5, 10);
    expect(caps.take('192.0.2.1', 'canary', 100, 4, 4)).toEqual({ views: 4, failures: 4 });
    expect(caps.take('192.0.2.1', 'canary', 101, 4, 4)).toEqual({ views: 1, failures: 1 });
    expect(caps.take('192.0.2.1', 'canary', 102, 20, 20)).toEqual({ views: 0, failures: 0 });
    expect(caps.take('192.0.2.1', 'live', 102, 3, 0)).toEqual({ views: 3, failures: 0 });
    expect(caps.take('192.0.2.2', 'canary', 102, 20, 0)).toEqual({ views: 5, failures: 0 });
    expect(caps.take('192.0.2.2', 'canary', 103, 1, 1)).toEqual({ views: 0, failures: 1 });
    expect(caps.size).toBe(3);
    expect(caps.take('192.0.2.1', 'canary', 110, 20, 20)).toEqual({ views: 5, failures: 5 }); // minute 110: a new window
    expect(caps.size).toBe(1);
  });

  it('remembers at most maxKeys addresses × releases per window; reports from new ones count for nothing past that', () => {
    const caps = new AddressCaps(5, 10, 2);
    expect(caps.take('192.0.2.1', 'canary', 100, 1, 0)).toEqual({ views: 1, failures: 0 });
    expect(caps.take('192.0.2.2', 'canary', 100, 1, 0)).toEqual({ views: 1, failures: 0 });
    expect(caps.take('192.0.2.3', 'canary', 100, 1, 0)).toEqual({ views: 0, failures: 0 });
    expect(caps.take('192.0.2.1', 'canary', 100, 1, 1)).toEqual({ views: 1, failures: 1 }); // known: counted
    expect(caps.size).toBe(2);
    expect(caps.take('192.0.2.3', 'canary', 110, 1, 0)).toEqual({ views: 1, failures: 0 }); // a new window
  });

  it('gives failures in order load, render, hydration up to what is allowed', () => {
    expect(splitFailures({ loadFailures: 2, renderCrashes: 2, hydrationErrors: 2 }, 3)).toEqual({
      loadFailures: 2,
      renderCrashes: 1,
      hydrationErrors: 0,
    });
  });
});
