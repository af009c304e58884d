/**
 * The suite's time limits follow the machine (docs/testing.md, "Time limits"): `npm test` measures
 * how much slower than the machine the limits were set on this one does the same work (TEST_PACE,
 * at least 1) and hands it to Playwright, which multiplies every test's limit and the default wait
 * of `expect` by it. A limit stays what it is for: a test that hangs still fails, in proportion.
 * Run without `npm test` (npx playwright test), the pace is 1.
 */
export const PACE = Math.max(1, Number(process.env.TEST_PACE) || 1);

/** `ms`, as long on this machine as it was on the machine the limit was set on. */
export const paced = (ms: number): number => Math.round(ms * PACE);
