/**
 * Issue 41's third fault: the CLI gives up waiting (its client's timeout) while the service is
 * still deciding, the gate's read of the new folder held past the timeout; the flip commits after
 * the CLI asked about it, or while its second try runs beside the first. 20 times; each ends in
 * one outcome (faults/lostAnswers.ts).
 */
import { describeLostAnswers } from './faults/lostAnswers';
import { paced } from 'service-kit/testing/pace';

jest.setTimeout(paced(120_000));

const { world } = describeLostAnswers('client timeout');

it('timed out while the service was still deciding, and the service decided anyway', () => {
  const abandoned = world()
    .proxy.exchanges()
    .filter((exchange) => exchange.method === 'POST' && exchange.delivered === 'client gone');
  expect(abandoned.length).toBeGreaterThanOrEqual(24);
  expect(abandoned.every((exchange) => exchange.status !== null)).toBe(true);
});
