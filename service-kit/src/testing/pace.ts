/**
 * A time limit a Jest file sets, times the machine's pace (TEST_PACE, which `npm test` measures;
 * docs/testing.md, "Time limits"): a machine half as fast gets twice the time to fail a hang. Its
 * own entry (service-kit/testing/pace), so a file that needs only this loads nothing else.
 */
export const paced = (ms: number): number => Math.round(ms * Math.max(1, Number(process.env.TEST_PACE) || 1));
