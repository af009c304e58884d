/**
 * Jest's order of test files, with the slowest first when Jest has no timings of its own yet (a
 * fresh clone, CI). Jest then orders by file size, which put the fault worlds' files
 * (tooling/release/test/faults.*.test.ts: two lines that start a world, 1–2.5 minutes each) last:
 * in `npm test` two of them began after every other file and ended the phase 70 s after the rest.
 * With timings cached (a second run on the same machine) Jest's own figures decide, as before.
 */
const { default: TestSequencer } = require('@jest/test-sequencer');
const path = require('node:path');

/** Seconds each took in a fresh-clone `npm test` (two workers beside the browser suite): 30 s or more. */
const KNOWN_SLOW = {
  'release-service/test/canaryStepsHeld.test.ts': 111,
  'release-service/test/canarySteps.test.ts': 92,
  'release-service/test/vitalsTest.test.ts': 82,
  'tooling/release/test/faults.sigkill.test.ts': 74,
  'tooling/release/test/faults.clientTimeout.test.ts': 70,
  'release-service/test/canaryWithdraw.test.ts': 69,
  'release-service/test/reliability.healthHostile.test.ts': 68,
  'tooling/release/test/canaryCommands.test.ts': 56,
  'tooling/release/test/faults.proxyDrop.test.ts': 52,
  'article-api/test/reliability.durabilityBurst.test.ts': 52,
  'article-api/test/dataMoves.test.ts': 48,
  'tooling/release/test/faults.postgresRestart.test.ts': 47,
  'article-api/test/reliability.tokenVerification.test.ts': 46,
  'article-api/test/reliability.instancesBurst.test.ts': 41,
  'scripts/test/webServerImage.test.ts': 36,
  'release-service/test/vitals.test.ts': 35,
  'tooling/release/test/releaseCommands.test.ts': 31,
  'tooling/webpack/test/consumeSharedCache.test.ts': 30,
};
const repoRoot = path.resolve(__dirname, '..');

class SlowFilesFirst extends TestSequencer {
  sort(tests) {
    const size = new Map(tests.map((test) => [test.path, test.context.hasteFS.getSize(test.path) ?? 0]));
    /** Milliseconds: Jest's own timing, else the list's. */
    const estimate = (test) => {
      test.duration = this.time(test);
      const listed = KNOWN_SLOW[path.relative(repoRoot, test.path).split(path.sep).join('/')];
      return test.duration ?? (listed === undefined ? undefined : listed * 1000);
    };
    const ms = new Map(tests.map((test) => [test.path, estimate(test)]));
    return [...tests].sort((a, b) => {
      const failed = Number(this.hasFailed(b)) - Number(this.hasFailed(a));
      if (failed !== 0) return failed;
      const [timeA, timeB] = [ms.get(a.path), ms.get(b.path)];
      if (timeA !== undefined || timeB !== undefined) return (timeB ?? -1) - (timeA ?? -1);
      return size.get(b.path) - size.get(a.path);
    });
  }
}

module.exports = SlowFilesFirst;
module.exports.KNOWN_SLOW = KNOWN_SLOW;
