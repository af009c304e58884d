/**
 * Writes gathered in rounds: while one round of a writer is in the database, the calls arriving
 * meanwhile wait and go together in the next round, one statement for all of them instead of one
 * each. Idle, a call goes at once (a round of one: nothing waits for a timer); busy, rounds grow
 * with the load. Each caller gets the answers to its own items; a failed round fails each call in
 * it, as each would have failed alone. DataLoader batches per event-loop tick and answers one key
 * once; here the same key must be taken twice, in turn (`keyOf`), so this is written out. Used by
 * the release service's health reports (healthRounds.ts) and the PostgreSQL rate-limit store.
 */
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
