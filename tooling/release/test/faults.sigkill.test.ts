/**
 * Issue 41's second fault: the instance handling a flip dies of SIGKILL between its commit and its
 * answer (the service's test-only failpoint, article-api/src/testFailpoint.ts), 20 times behind
 * nginx; the other instance answers the CLI's question, the killed one is started again
 * (faults/lostAnswers.ts).
 */
import { describeLostAnswers, FLIPS_PER_TEST } from './faults/lostAnswers';
import { paced } from 'service-kit/testing/pace';

jest.setTimeout(paced(180_000));

const { world } = describeLostAnswers('SIGKILL after commit', { failpoint: 'kill-after-flip-commit' });

it('killed an instance once per operation, both instances in turn', () => {
  const kills = world().services.instances.map((instance) => instance.kills);
  expect(kills.reduce((sum, n) => sum + n, 0)).toBe(FLIPS_PER_TEST + FLIPS_PER_TEST / 5);
  expect(Math.min(...kills)).toBeGreaterThan(0);
});
