/**
 * The body of each lost-answer test file (faults.*.test.ts): a world of its own, 20 release-function
 * calls with the fault armed, and the bar of issue 41: every first answer lost, and yet one id
 * per operation, every answer its first outcome, no line naming missing files, no audit row lost
 * or added.
 */
import { paced } from 'service-kit/testing/pace';
import { checkFaultRun, NO_FAULTS } from './faultChecks';
import { type FaultWorld, type FaultWorldOptions, startFaultWorld } from './faultWorld';
import { type FaultKind, runFlips } from './flipScenario';

/** Release-function calls per test; one in five starts a canary, promoted after (one operation more). */
export const FLIPS_PER_TEST = 20;
/** The service operations those calls make: each flip, and each canary's promotion. */
export const OPERATIONS_PER_TEST = FLIPS_PER_TEST + FLIPS_PER_TEST / 5;

export function describeLostAnswers(kind: FaultKind, options: FaultWorldOptions = {}): { world: () => FaultWorld } {
  let world: FaultWorld | undefined;
  beforeAll(async () => {
    world = await startFaultWorld(options);
  }, paced(120_000));
  afterAll(() => world?.stop());

  it(`${FLIPS_PER_TEST} flips with the answer lost (${kind}) each end in one outcome, nothing lost`, async () => {
    const operations = await runFlips(world!, kind, FLIPS_PER_TEST, 'f');
    // Every first answer lost (that is the fault), and nothing else wrong.
    expect(await checkFaultRun(world!, kind, operations, 'f')).toEqual(
      Object.assign({ kind, operations: OPERATIONS_PER_TEST }, NO_FAULTS, {
        answersLost: OPERATIONS_PER_TEST,
      }),
    );
  });
  return { world: () => world! };
}
