/**
 * A health report's two writes — what its view token allows (takeTokens) and the counts (add) —
 * gathered across the reports an instance is handling at once (docs/canary-releases.md, "Load"):
 * while one round of writes is in the database, the reports arriving meanwhile wait and go
 * together in the next round, one statement for all of them instead of one each. Idle, a report
 * goes at once (a round of one: nothing waits for a timer); busy, rounds grow with the load. At
 * 1,000 reports a second every report of a release in one minute adds to one row: alone, each
 * report locked that row in turn (PostgreSQL's backends queueing on it); in rounds, once per round.
 *
 * Each report keeps its own answer: what its tokens allowed (a token and remote appear at most once
 * a round, so a second report of the same token waits for the next and sees what the first took),
 * and its counts written before it is answered. A round's uses are sent in (token, remote) order,
 * so two instances' rounds lock shared token rows in one order (no deadlock). A failed round fails
 * each report in it, as each would have failed alone. The gathering is service-kit's `inRounds`
 * (service-kit/src/rounds.ts), which the PostgreSQL rate-limit store shares.
 */
import { inRounds } from 'service-kit';
import type { HealthCount, HealthRepository, TokenTaken, TokenUse } from '../db/healthRepository';

/**
 * `read` shared by the calls that come while it is in flight: a busy instance's reports read the
 * registry lines once per round trip rather than once each. A call may get the answer of a read
 * started just before it came and still on its way (as if it had come that moment earlier), never
 * an older one. Callers share the answer: they must not change it.
 */
export function sharedReads<K, T>(read: (key: K) => Promise<T>): (key: K) => Promise<T> {
  const inFlight = new Map<K, Promise<T>>();
  return (key) => {
    let answer = inFlight.get(key);
    if (!answer) {
      answer = read(key).finally(() => inFlight.delete(key));
      inFlight.set(key, answer);
    }
    return answer;
  };
}

const useKey = (use: TokenUse) => `${use.token}\n${use.remote}`;
const countKey = (count: HealthCount) => `${count.environment}\n${count.remote}\n${count.version}\n${count.minute}`;

/** The counts of one row summed: a statement may upsert each row once. */
function merged(counts: HealthCount[]): HealthCount[] {
  const byKey = new Map<string, HealthCount>();
  for (const count of counts) {
    const known = byKey.get(countKey(count));
    if (!known) byKey.set(countKey(count), Object.assign({}, count));
    else
      for (const field of ['views', 'loadFailures', 'renderCrashes', 'hydrationErrors'] as const)
        known[field] += count[field];
  }
  return [...byKey.values()];
}

/** `store` with takeTokens and add gathered in rounds (above); sums and prune as they are. */
export function healthInRounds(store: HealthRepository): HealthRepository {
  // One gatherer per cap (the service has one: HEALTH_TOKEN_VIEWS), so a round shares its cap.
  const takes = new Map<number, (uses: TokenUse[]) => Promise<TokenTaken[]>>();
  const takeWith = (cap: number) => {
    let take = takes.get(cap);
    if (!take) {
      take = inRounds(async (uses: TokenUse[]) => {
        const order = uses.map((_, index) => index).sort((a, b) => (useKey(uses[a]!) < useKey(uses[b]!) ? -1 : 1));
        const taken = await store.takeTokens(
          order.map((index) => uses[index]!),
          cap,
        );
        const answers: TokenTaken[] = new Array<TokenTaken>(uses.length);
        order.forEach((index, at) => (answers[index] = taken[at]!));
        return answers;
      }, useKey);
      takes.set(cap, take);
    }
    return take;
  };
  const add = inRounds(async (counts: HealthCount[]) => {
    await store.add(merged(counts));
    return counts.map(() => undefined);
  });
  return {
    takeTokens: (uses, cap) => takeWith(cap)([...uses]),
    add: async (counts) => {
      await add([...counts]);
    },
    sums: (...args) => store.sums(...args),
    prune: (...args) => store.prune(...args),
    series: (...args) => store.series(...args),
  };
}
