/**
 * A time limit a test of the web server sets, times the machine's pace (TEST_PACE, which `npm test`
 * measures; docs/testing.md, "Time limits"). The services' tests have the same from
 * service-kit/testing/pace, which the web server may not import (its boundaries).
 */
export const paced = (ms: number): number => Math.round(ms * Math.max(1, Number(process.env.TEST_PACE) || 1));
