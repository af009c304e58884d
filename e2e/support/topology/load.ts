// A steady load of page GETs: `concurrency` loops of plain fetch (undici, keep-alive), each
// reading every body to the end, until told to stop or a bound is reached. A request fails when
// it meets a network error or any status but 2xx, or its body does not arrive whole; the first
// failures are kept so a red run says what went wrong.

export interface LoadFigures {
  sent: number;
  failed: number;
  /** 2xx pages that were not server-rendered (X-Render not "server…"): not failures, but reported. */
  notServerRendered: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  failures: string[];
}

export interface RunningLoad {
  /** Stops the loops; resolves once every request in flight has ended. */
  stop(): Promise<LoadFigures>;
  sent(): number;
}

export function startLoad(
  urls: string[],
  {
    concurrency = 30,
    maxRequests = 200_000,
    maxMs = 120_000,
    requestTimeoutMs = 30_000,
  }: { concurrency?: number; maxRequests?: number; maxMs?: number; requestTimeoutMs?: number } = {},
): RunningLoad {
  if (urls.length === 0) throw new Error('no URLs to load');
  const startedAt = Date.now();
  let stopped = false;
  let sent = 0;
  let failed = 0;
  let notServerRendered = 0;
  const failures: string[] = [];
  const latencies: number[] = [];
  const fail = (url: string, why: string) => {
    failed += 1;
    if (failures.length < 20) failures.push(`${new Date().toISOString()} ${url}: ${why}`);
  };

  const loop = async (offset: number) => {
    for (let i = offset; !stopped && sent < maxRequests && Date.now() - startedAt < maxMs; i += concurrency) {
      const url = urls[i % urls.length]!;
      sent += 1;
      const requestedAt = Date.now();
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(requestTimeoutMs) });
        // A body cut short (an instance killed mid-response) rejects here.
        await response.arrayBuffer();
        latencies.push(Date.now() - requestedAt);
        if (response.status < 200 || response.status > 299) fail(url, `HTTP ${response.status}`);
        else if (!(response.headers.get('x-render') ?? '').startsWith('server')) notServerRendered += 1;
      } catch (error) {
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        fail(url, `${(error as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ''}`);
      }
    }
  };
  const loops = Promise.all(Array.from({ length: concurrency }, (_, i) => loop(i)));

  return {
    sent: () => sent,
    async stop() {
      stopped = true;
      await loops;
      const sorted = latencies.sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
      return {
        sent,
        failed,
        notServerRendered,
        seconds: (Date.now() - startedAt) / 1000,
        p50Ms: at(0.5),
        p99Ms: at(0.99),
        maxMs: sorted.at(-1) ?? 0,
        failures,
      };
    },
  };
}

/** Runs `task` on every item, `concurrency` at a time, in order of the items. */
export async function forEachLimited<T>(items: T[], concurrency: number, task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}
