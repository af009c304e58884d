/**
 * service-kit's PostgreSQL rate-limit store (service-kit/src/postgres/rateLimitStore.ts), which
 * upserts the hits that arrive together in one statement: each hit still gets its own count, in
 * turn for one key, from a fresh window once the last has expired. PostgreSQL only (the store is
 * PostgreSQL's; SQLite counts in the plugin's own store): in the -postgres project.
 */
import { createPool, createPostgresRateLimitStore, RATE_LIMITS_POSTGRES } from 'service-kit/postgres';
import { createPostgresDatabase, ENGINE } from 'service-kit/testing';

const onPostgres = ENGINE === 'postgres' ? describe : describe.skip;

/** The store as the plugin calls it (its typings leave out the window it passes). */
interface CountingStore {
  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    windowMs: number,
  ): void;
}

onPostgres('the PostgreSQL rate-limit store', () => {
  let pool: ReturnType<typeof createPool>;
  let stop: () => void;
  let store: CountingStore;
  beforeAll(async () => {
    pool = createPool(createPostgresDatabase(), 4, 'rate-limit-store-test');
    await pool.query(RATE_LIMITS_POSTGRES);
    const created = createPostgresRateLimitStore(pool);
    stop = created.stop;
    store = new (created.store as unknown as new () => CountingStore)();
  });
  afterAll(async () => {
    stop();
    await pool.end();
  });

  const hit = (key: string, windowMs = 60_000) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      store.incr(
        key,
        (error, result) => (error || !result ? reject(error ?? new Error('no result')) : resolve(result)),
        windowMs,
      ),
    );

  it('counts 200 hits on 20 keys sent at once exactly: each key 1 to 10, each hit its own count', async () => {
    const keys = Array.from({ length: 20 }, (_, i) => `round:${i}`);
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => hit(keys[i % 20]!)));
    for (const [k, key] of keys.entries()) {
      const counts = results.filter((_, i) => i % 20 === k).map((result) => result.current);
      expect(counts.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      const { rows } = await pool.query<{ hits: number }>('SELECT hits FROM rate_limits WHERE key = $1', [key]);
      expect(rows[0]?.hits).toBe(10);
    }
    for (const result of results) expect(result.ttl).toBeGreaterThan(50_000);
    for (const result of results) expect(result.ttl).toBeLessThanOrEqual(60_000);
  });

  it('starts a fresh window once a key has expired, each key with its own window', async () => {
    await Promise.all([hit('short', 300), hit('short', 300), hit('long')]);
    await new Promise((resolve) => setTimeout(resolve, 400)); // the short window's end is the event
    const [short, long] = await Promise.all([hit('short', 300), hit('long')]);
    expect(short).toEqual({ current: 1, ttl: expect.any(Number) as number });
    expect(short.ttl).toBeLessThanOrEqual(300);
    expect(long.current).toBe(2);
  });
});
