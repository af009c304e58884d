/** The arithmetic of canary health (src/releases/healthWindow.ts): rates, the rule, the window, failures split. */
import type { ReleaseHealth } from 'shared-releases';
import {
  baselineOf,
  minuteOf,
  releaseHealth,
  shouldWithdraw,
  sinceMinute,
  splitFailures,
} from '../src/releases/healthWindow';

const RULES = { minCanaryViews: 50, margin: 0.25 };
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

describe('the withdrawal rule', () => {
  it('waits for the minimum canary views, however bad the rate', () => {
    expect(shouldWithdraw(figures(49, 49), figures(1000, 0), RULES)).toBe(false);
    expect(shouldWithdraw(figures(50, 50), figures(1000, 0), RULES)).toBe(true);
  });

  it('withdraws only above the live rate plus the margin (not at it)', () => {
    const live = figures(100, 10); // 10 %
    expect(shouldWithdraw(figures(100, 35), live, RULES)).toBe(false); // 25 points: not more than the margin
    expect(shouldWithdraw(figures(100, 36), live, RULES)).toBe(true);
  });

  it('measures against the live release only when it has the minimum views too, else against 0', () => {
    expect(baselineOf(figures(49, 49), RULES)).toBe(0);
    expect(baselineOf(figures(50, 25), RULES)).toBe(0.5);
    // A live release failing at 50 % excuses a canary at 60 %; a live one with too few views does not.
    expect(shouldWithdraw(figures(60, 36), figures(50, 25), RULES)).toBe(false);
    expect(shouldWithdraw(figures(60, 36), figures(10, 5), RULES)).toBe(true);
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
