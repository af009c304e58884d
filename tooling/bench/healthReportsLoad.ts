// The load of the health-reports part (healthReports.ts), in its own process so that the load
// generator neither shares an event loop with the orchestrator nor hides its CPU in another's.
// Open loop: report i is due at start + i / rate whatever the answers, sent in turn to each target
// (a load balancer's round robin), and its latency counts from when it was due, so a late send or a
// queue in front of the service is not hidden (autocannon's fixed rate sends each second's requests
// in a burst and waits for answers before sending more). undici's pools keep the connections;
// hdr-histogram-js (autocannon's) keeps the latencies. Prints one line of JSON.
//   node --import tsx healthReportsLoad.ts '<LoadPlan as JSON>'
import { build as histogram } from 'hdr-histogram-js';
import { Pool } from 'undici';
import { viewTokenFor } from 'shared-releases/view-token';
import { treeRunDelaySeconds } from './cpuTime';

export interface LoadPlan {
  /** origins of the service instances (`http://127.0.0.1:<port>`) */
  targets: string[];
  rate: number;
  seconds: number;
  /** the remote and the manifest URL the pages were served (what the token names) */
  remote: string;
  manifest: string;
  /** the pages' origin (one of the service's CORS_ORIGINS), sent as browsers send it on a beacon */
  origin: string;
  /** distinct view tokens: report i carries token i mod tokens, so each is reused rate / tokens s later */
  tokens: number;
  /** distinct client addresses (X-Forwarded-For; the instances trust the loopback proxy) */
  addresses: number;
  /** one report in this many carries a failure (a render crash) beside its view */
  failureEvery: number;
  /** the same load first for this long, not recorded (its answers' counts are: they are in the rows) */
  warmupSeconds: number;
}

export interface LatencyFigures {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface LoadFigures extends LatencyFigures {
  sent: number;
  /** answers (any status) per second over the run, first due to last answered */
  achievedPerSecond: number;
  /** answers by status, and `error` for a connection error or a timeout */
  statuses: Record<string, number>;
  /** everything but 202 */
  errors: number;
  warmupErrors: number;
  /** the sum of the answers' `accepted` (entries the service counted), warm-up included, as the next two */
  accepted: number;
  views: number;
  failures: number;
  /** latest send behind its due time (the generator keeping up) */
  maxSendLagMs: number;
  /** the generator's own CPU-seconds over the run (minting tokens included) */
  cpuSeconds: number;
  /** the seconds it waited for a core over the run */
  runDelaySeconds: number;
  perTarget: LatencyFigures[];
}

const newHistogram = () => histogram({ lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000 });
const figuresOf = (h: ReturnType<typeof newHistogram>): LatencyFigures => ({
  p50Ms: Math.round(h.getValueAtPercentile(50)) / 1000,
  p99Ms: Math.round(h.getValueAtPercentile(99)) / 1000,
  maxMs: Math.round(h.maxValue) / 1000,
});

export async function runLoad(plan: LoadPlan): Promise<LoadFigures> {
  const total = Math.round(plan.rate * plan.seconds);
  const entry = { remote: plan.remote, manifest: plan.manifest };
  // Minted before the clock starts: as the web servers would have, one per page served.
  const tokens = Array.from({ length: plan.tokens }, () => viewTokenFor([entry]));
  const pools = plan.targets.map(
    (origin) => new Pool(origin, { connections: 64, headersTimeout: 10_000, bodyTimeout: 10_000 }),
  );
  const all = newHistogram();
  const perTarget = plan.targets.map(newHistogram);
  const statuses: Record<string, number> = {};
  let accepted = 0;
  let views = 0;
  let failures = 0;
  let maxSendLagMs = 0;
  let lastAnswerAt = 0;
  let warmupErrors = 0;

  /** Sends report `i` when due; its answer is recorded (latency, status) when `record`. */
  const send = async (i: number, dueAt: number, record: boolean) => {
    const failed = i % plan.failureEvery === plan.failureEvery - 1 ? 1 : 0;
    const body = JSON.stringify({
      environment: 'production',
      token: tokens[i % tokens.length],
      entries: [{ ...entry, views: 1, loadFailures: 0, renderCrashes: failed, hydrationErrors: 0 }],
    });
    const address = i % plan.addresses;
    let status = 'error';
    try {
      const response = await pools[i % pools.length]!.request({
        method: 'POST',
        path: '/api/health',
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          origin: plan.origin,
          'x-forwarded-for': `10.${address >> 16}.${(address >> 8) & 255}.${address & 255}`,
        },
        body,
      });
      status = String(response.statusCode);
      const answer = (await response.body.json()) as { accepted?: number };
      if (response.statusCode === 202) {
        accepted += answer.accepted ?? 0;
        views += 1;
        failures += failed;
      }
    } catch {
      // a refused connection or a timeout: counted as `error`
    }
    const now = performance.now();
    if (!record) {
      if (status !== '202') warmupErrors += 1;
      return;
    }
    lastAnswerAt = Math.max(lastAnswerAt, now);
    const micros = Math.max(1, Math.round((now - dueAt) * 1000));
    all.recordValue(micros);
    perTarget[i % pools.length]!.recordValue(micros);
    statuses[status] = (statuses[status] ?? 0) + 1;
  };

  /** Reports `from` to `to` − 1, each due `interval` after the one before; resolves once all are answered. */
  const phase = async (from: number, to: number, record: boolean) => {
    const startsAt = performance.now() + 50;
    const pending: Promise<void>[] = [];
    await new Promise<void>((resolve) => {
      let next = from;
      const dueAt = (i: number) => startsAt + (i - from) * interval;
      const tick = () => {
        const now = performance.now();
        while (next < to && dueAt(next) <= now) {
          if (record) maxSendLagMs = Math.max(maxSendLagMs, now - dueAt(next));
          pending.push(send(next, dueAt(next), record));
          next += 1;
        }
        if (next >= to) resolve();
        else setTimeout(tick, Math.max(0, dueAt(next) - performance.now()));
      };
      tick();
    });
    await Promise.all(pending);
    return startsAt;
  };

  const interval = 1000 / plan.rate;
  // Unrecorded first: the instances' code compiled and optimised, their pools' connections open.
  const warmup = Math.round(plan.rate * plan.warmupSeconds);
  await phase(0, warmup, false);
  const start = await phase(warmup, warmup + total, true);
  await Promise.all(pools.map((pool) => pool.close()));
  const errors = total - (statuses['202'] ?? 0);
  const cpu = process.cpuUsage();
  return {
    sent: total,
    achievedPerSecond: Math.round((total / (lastAnswerAt - start)) * 1000),
    statuses,
    errors,
    warmupErrors,
    accepted,
    views,
    failures,
    maxSendLagMs: Math.round(maxSendLagMs * 10) / 10,
    cpuSeconds: Math.round((cpu.user + cpu.system) / 10_000) / 100,
    runDelaySeconds: Math.round(treeRunDelaySeconds(process.pid) * 100) / 100,
    ...figuresOf(all),
    perTarget: perTarget.map(figuresOf),
  };
}

if (process.argv[2]) {
  runLoad(JSON.parse(process.argv[2]) as LoadPlan).then(
    (figures) => console.log(JSON.stringify(figures)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
