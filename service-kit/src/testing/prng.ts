/**
 * A small seeded pseudo-random generator (mulberry32) for generated test inputs: the same seed
 * gives the same sequence, so a failure reproduces with RELIABILITY_SEED=<printed seed>.
 */
export interface Prng {
  readonly seed: number;
  /** In [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

export function createPrng(seed: number): Prng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    seed,
    next,
    int,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(0, items.length - 1)]!; // the index is within [0, length - 1] of a non-empty list
    },
    chance: (probability) => next() < probability,
  };
}

/** RELIABILITY_SEED when set (to replay a failure), else a fresh seed. */
export function seedFromEnv(env: Record<string, string | undefined> = process.env): number {
  const fromEnv = Number(env.RELIABILITY_SEED);
  return Number.isInteger(fromEnv) && fromEnv >= 0 ? fromEnv : Math.floor(Math.random() * 2 ** 32);
}
