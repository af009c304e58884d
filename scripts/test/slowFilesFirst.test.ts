import fs from 'node:fs';
import path from 'node:path';

interface Sequencer {
  sort(tests: unknown[]): Array<{ path: string }>;
  time(test: { path: string }): number | undefined;
}
/** jest/slowFilesFirst.cjs: the order Jest runs test files in. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const SlowFilesFirst = require('../../jest/slowFilesFirst.cjs') as (new (options: object) => Sequencer) & {
  KNOWN_SLOW: Record<string, number>;
};

const repoRoot = path.resolve(__dirname, '..', '..');
const KNOWN_SLOW: Record<string, number> = SlowFilesFirst.KNOWN_SLOW;

/** A test file as Jest hands it to a sequencer, with no timings cached (`cache: false`). */
const testFile = (relative: string, bytes: number) => ({
  path: path.join(repoRoot, relative),
  context: { config: { cache: false }, hasteFS: { getSize: () => bytes } },
});
const order = (sequencer: Sequencer, tests: unknown[]) =>
  sequencer.sort(tests).map((test) => path.relative(repoRoot, test.path));

describe('the order of Jest’s test files (jest/slowFilesFirst.cjs)', () => {
  it('names only files that exist', () => {
    for (const file of Object.keys(KNOWN_SLOW)) expect(fs.existsSync(path.join(repoRoot, file))).toBe(true);
  });

  it('without timings, starts the known slow files first, slowest first, then the rest by size', () => {
    const tests = [
      testFile('shell/src/big.test.tsx', 9_000),
      testFile('tooling/release/test/faults.sigkill.test.ts', 400),
      testFile('shared-core/src/small.test.ts', 100),
      testFile('release-service/test/canaryStepsHeld.test.ts', 5_000),
    ];
    expect(order(new SlowFilesFirst({}), tests)).toEqual([
      'release-service/test/canaryStepsHeld.test.ts',
      'tooling/release/test/faults.sigkill.test.ts',
      'shell/src/big.test.tsx',
      'shared-core/src/small.test.ts',
    ]);
  });

  it('with Jest’s own timings (milliseconds), orders by them', () => {
    class WithTimings extends SlowFilesFirst {
      override time(test: { path: string }) {
        return test.path.endsWith('big.test.tsx') ? 200_000 : undefined;
      }
    }
    const tests = [
      testFile('tooling/release/test/faults.sigkill.test.ts', 400),
      testFile('shell/src/big.test.tsx', 9_000),
    ];
    expect(order(new WithTimings({}), tests)).toEqual([
      'shell/src/big.test.tsx',
      'tooling/release/test/faults.sigkill.test.ts',
    ]);
  });
});
