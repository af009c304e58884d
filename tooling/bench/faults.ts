// Issue 41's fault figures: flips whose answer is lost each way (a proxy dropping it after the
// commit, the handling instance SIGKILLed between its commit and its answer, the client's timeout),
// 200 of each, every one ending with the release CLI's own retry, on the fault tests' world (one
// PostgreSQL, two service instances behind nginx: tooling/release/test/faults). Each kind gets a
// fresh world; the counts are those the tests assert on 20 (all but operations and answers lost
// must be 0). Needs no build and no bench stack: `npm run bench -- --only=faults`.
import { type FaultFigures, checkFaultRun } from 'release-tooling/test/faults/faultChecks';
import { startFaultWorld } from 'release-tooling/test/faults/faultWorld';
import { FAULT_KINDS, runFlips } from 'release-tooling/test/faults/flipScenario';

export const FLIPS_PER_FAULT = 200;

export type FaultRun = FaultFigures & { seconds: number };

export async function measureFaults(flips = FLIPS_PER_FAULT): Promise<FaultRun[]> {
  const runs: FaultRun[] = [];
  for (const kind of FAULT_KINDS) {
    const world = await startFaultWorld(kind === 'SIGKILL after commit' ? { failpoint: 'kill-after-flip-commit' } : {});
    try {
      const startedAt = Date.now();
      const operations = await runFlips(world, kind, flips, 'bench');
      const seconds = Math.round((Date.now() - startedAt) / 100) / 10;
      const figures = await checkFaultRun(world, kind, operations, 'bench');
      console.log(`  ${kind}: ${figures.operations} operations in ${seconds} s`);
      runs.push({ ...figures, seconds });
    } finally {
      await world.stop();
    }
  }
  return runs;
}

/** Met when every first answer was lost and nothing else was counted. */
export const faultBarMet = (run: FaultFigures) =>
  run.answersLost === run.operations &&
  run.idsNotOne +
    run.answersUnlikeFirstOutcome +
    run.unexpectedDecisions +
    run.linesMissingFiles +
    run.foldersWrong +
    run.auditRowsLost +
    run.auditRowsExtra ===
    0;
