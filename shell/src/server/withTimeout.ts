/**
 * `promise`, or a rejection saying `what` took too long once `ms` have passed. The timer is
 * cleared as soon as the promise settles: a pending timer keeps alive everything its promise chain
 * reaches, the settled value included. Left running, it held every page's prepared data (its
 * query client and state) for the full 3 s, so each render's data outlived the render threads'
 * young generation and was copied and promoted by the GC.
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
