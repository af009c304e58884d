/**
 * A health report's write — what its view token allows and the counts (takeAndCount; or the two
 * apart, takeTokens and add) — gathered across the reports an instance is handling at once
 * (docs/canary-releases.md, "Load"): while one round of writes is in the database, the reports
 * arriving meanwhile wait and go together in the next round, one statement for all of them instead
 * of one each. Idle, a report goes at once (a round of one: nothing waits for a timer); busy, rounds
 * grow with the load. At 1,000 reports a second every report of a release in one minute adds to one
 * row: alone, each report locked that row in turn (PostgreSQL's backends queueing on it); in rounds,
 * once per round.
 *
 * Each report keeps its own answer: what its tokens allowed (a token and remote appear at most once
 * a round, so a second report of the same token waits for the next and sees what the first took),
 * and its counts written before it is answered. A round's uses are sent in (token, remote) order,
 * so two instances' rounds lock shared token rows in one order (no deadlock). A failed round fails
 * each report in it, as each would have failed alone. DataLoader batches per event-loop tick and
 * answers one key once; here the same key must be taken twice, in turn, so this is written out.
 */
import {
  type CountedUse,
  type HealthCount,
  type HealthRepository,
  mergedCounts,
  type TokenTaken,
  type TokenUse,
} from '../db/healthRepository';

/** Items per statement at most (a round's parameters stay far under PostgreSQL's 65,535). */
const MAX_ROUND = 500;

interface Round<I, O> {
  items: I[];
  keys: Set<string>;
  waiters: { from: number; count: number; resolve: (out: O[]) => void; reject: (error: unknown) => void }[];
}

/**
 * `write` called with the items of many calls at once, one call of it in flight at a time; each
 * caller gets the answers to its own items. `keyOf`: items with one key never share a round.
 */
export function inRounds<I, O>(
  write: (items: I[]) => Promise<O[]>,
  keyOf?: (item: I) => string,
): (items: I[]) => Promise<O[]> {
  const waiting: Round<I, O>[] = [];
  let busy = false;
  const drain = async () => {
    busy = true;
    for (let round = waiting.shift(); round; round = waiting.shift()) {
      try {
        const out = await write(round.items);
        for (const waiter of round.waiters) waiter.resolve(out.slice(waiter.from, waiter.from + waiter.count));
      } catch (error) {
        for (const waiter of round.waiters) waiter.reject(error);
      }
    }
    busy = false;
  };
  return (items) => {
    if (items.length === 0) return Promise.resolve([]);
    const keys = keyOf ? items.map(keyOf) : [];
    return new Promise<O[]>((resolve, reject) => {
      let round = waiting.find(
        (open) => open.items.length + items.length <= MAX_ROUND && keys.every((key) => !open.keys.has(key)),
      );
      if (!round) {
        round = { items: [], keys: new Set(), waiters: [] };
        waiting.push(round);
      }
      round.waiters.push({ from: round.items.length, count: items.length, resolve, reject });
      round.items.push(...items);
      for (const key of keys) round.keys.add(key);
      if (!busy) void drain();
    });
  };
}

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

/**
 * `take` gathered in rounds per cap, a token and remote at most once a round, each round's uses in
 * (token, remote) order (the order rows are locked in), each caller answered its own.
 */
function takingInRounds<U extends TokenUse>(take: (uses: U[], cap: number) => Promise<TokenTaken[]>) {
  // One gatherer per cap (the service has one: HEALTH_TOKEN_VIEWS), so a round shares its cap.
  const byCap = new Map<number, (uses: U[]) => Promise<TokenTaken[]>>();
  return (uses: readonly U[], cap: number) => {
    let gathered = byCap.get(cap);
    if (!gathered) {
      gathered = inRounds(async (round: U[]) => {
        const order = round.map((_, index) => index).sort((a, b) => (useKey(round[a]!) < useKey(round[b]!) ? -1 : 1));
        const taken = await take(
          order.map((index) => round[index]!),
          cap,
        );
        const answers: TokenTaken[] = new Array<TokenTaken>(round.length);
        order.forEach((index, at) => (answers[index] = taken[at]!));
        return answers;
      }, useKey);
      byCap.set(cap, gathered);
    }
    return gathered([...uses]);
  };
}

/**
 * `store` with takeTokens, add and takeAndCount gathered in rounds (above); sums and prune as they
 * are. A report's one write, takeAndCount, is one statement a round on PostgreSQL.
 */
export function healthInRounds(store: HealthRepository): HealthRepository {
  const add = inRounds(async (counts: HealthCount[]) => {
    await store.add(mergedCounts(counts));
    return counts.map(() => undefined);
  });
  return {
    takeTokens: takingInRounds((uses, cap) => store.takeTokens(uses, cap)),
    add: async (counts) => {
      await add([...counts]);
    },
    takeAndCount: takingInRounds((uses: CountedUse[], cap) => store.takeAndCount(uses, cap)),
    sums: (...args) => store.sums(...args),
    prune: (...args) => store.prune(...args),
    series: (...args) => store.series(...args),
  };
}
