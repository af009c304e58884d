// The live registry of this server's environment, read from the release registry service
// (release-service, GET /api/registry/:environment) in the background: every `refreshMs` a
// conditional GET (304 while nothing was flipped). Pages, /mf-remotes.json and the CSP read the
// lines in memory, so a registry read never sits on a request's path, and every instance serves a
// flip within one refresh (docs/releasing.md). The canaries running come with the lines: a
// canary started, raised or withdrawn is served by every instance within one refresh too.
//
// The service unreachable or answering nonsense never takes the site back to other manifests:
// the last good lines stay in service, and the problem is logged once per change of state.
import { type Registry, type RegistryState, validCanaries, validRegistryLines } from './registry';

export interface RegistryFeed {
  /** The deployed lines with the released ones over them; the same object until a flip. */
  current(): Registry;
  /** Those lines and the canaries running; the same object until either changes. */
  state(): RegistryState;
  /** Reads once (waiting at most `firstReadTimeoutMs`), then keeps reading every `refreshMs`. */
  start(): Promise<void>;
  stop(): void;
}

export interface RegistryFeedOptions {
  /** e.g. http://127.0.0.1:3001/api/registry/production */
  url: string;
  /** The deployed lines (REMOTES): what a remote never released is served from. */
  base: Registry;
  refreshMs?: number;
  timeoutMs?: number;
  firstReadTimeoutMs?: number;
  log?: (message: string) => void;
  fetchImpl?: typeof fetch;
}

export function createRegistryFeed({
  url,
  base,
  refreshMs = 1000,
  timeoutMs = 2000,
  firstReadTimeoutMs = 3000,
  log = console.error,
  fetchImpl = fetch,
}: RegistryFeedOptions): RegistryFeed {
  let state: RegistryState = { lines: { ...base }, canaries: {} };
  let etag: string | null = null;
  let problem: string | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const report = (next: string | null) => {
    if (next === problem) return;
    if (next) log(`registry ${url}: ${next}; keeping the last good lines`);
    else if (problem) log(`registry ${url} answers again`);
    problem = next;
  };

  const read = async () => {
    try {
      const response = await fetchImpl(url, {
        headers: etag ? { 'If-None-Match': etag } : {},
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (response.status === 304) return report(null);
      if (!response.ok) {
        await response.body?.cancel();
        return report(`HTTP ${response.status}`);
      }
      const body = (await response.json()) as { lines?: unknown; canaries?: unknown };
      const lines = validRegistryLines(body?.lines);
      if (!lines) return report('the answer holds no registry lines');
      etag = response.headers.get('etag');
      const next = Object.assign({}, base, lines);
      const canaries = validCanaries(body.canaries);
      // New objects only for what changed: callers key caches by them.
      const linesChanged = JSON.stringify(next) !== JSON.stringify(state.lines);
      if (linesChanged || JSON.stringify(canaries) !== JSON.stringify(state.canaries)) {
        state = { lines: linesChanged ? next : state.lines, canaries };
      }
      report(null);
    } catch (error) {
      report((error as Error).message);
    }
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void read().finally(schedule);
    }, refreshMs);
    timer.unref();
  };

  return {
    current: () => state.lines,
    state: () => state,
    async start() {
      stopped = false;
      await Promise.race([read(), new Promise((resolve) => setTimeout(resolve, firstReadTimeoutMs).unref())]);
      schedule();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
