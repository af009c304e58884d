/**
 * Issue 41's first fault: a proxy that forwards a release write and loses its answer after the
 * service committed (nginx's 502 page, or a reset connection), 20 times; the CLI's retry ends each
 * in the outcome the service stored (faults/lostAnswers.ts).
 */
import { describeLostAnswers } from './faults/lostAnswers';
import { paced } from 'service-kit/testing/pace';

jest.setTimeout(paced(120_000));

const { world } = describeLostAnswers('proxy drop');

it('lost the answers both ways: a 502 in their place and a reset connection', () => {
  const lost = world()
    .proxy.exchanges()
    .filter((exchange) => exchange.delivered !== 'answer')
    .map((exchange) => exchange.delivered);
  expect(new Set(lost)).toEqual(new Set(['replaced by 502', 'reset']));
});
