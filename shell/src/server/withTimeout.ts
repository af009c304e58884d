/**
 * `promise`, or a rejection saying `what` took too long once `ms` have passed. The timer is
 * cleared as soon as the promise settles: a pending timer keeps alive everything its promise chain
 * reaches, the settled value included. Left running, it held every page's prepared data (its
 * query client, queries and state) for the full 3 s: 3,000 article renders in one process left
 * 26 MB more heap until their timers fired.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
    // Never what keeps a process alive.
    timer.unref?.();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
