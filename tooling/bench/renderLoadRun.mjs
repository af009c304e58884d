// One load against the shell's server, in its own process so that the load generator does not
// share an event loop (or a core's time slice) with the server it measures. Prints JSON.
//   node renderLoadRun.mjs '{"url": "...", "connections": 10, "seconds": 10, "rate": 100}'
// `"cookies": ["release_bucket=1", …]` sends the requests as those visitors, in turn (a canary's
// visitors and the live release's, both cached). `"headers": {…}` adds request headers and
// `"expectStatus": 304` counts every other status as an error (a registry's conditional reads).
// autocannon's fixed rate sends each second's requests as fast as its connections allow, then
// waits for the next second: at 100 req/s on 10 connections, a burst of 100 requests 10 at a time.
// `"paced": true` sends them evenly instead (one every 10 ms, whatever the answers), as readers
// arrive; its latency counts from when each request was due, so a late send is not hidden.
import http from 'node:http';
import autocannon from 'autocannon';

const {
  url,
  connections,
  seconds,
  rate,
  paced,
  cookies = [],
  headers = {},
  expectStatus = 200,
} = JSON.parse(process.argv[2]);
const target = new URL(url);
const path = target.pathname + target.search;
const renders = {};
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** Counts a response by its X-Render cache state (miss, hit, stale), or the header itself (`client`). */
function countRender(header) {
  const state = /cache=(\w+)/.exec(String(header ?? ''))?.[1] ?? String(header ?? 'none');
  renders[state] = (renders[state] ?? 0) + 1;
}

const run = (duration, { count }) =>
  autocannon({
    url: target.origin,
    connections,
    duration,
    ...(rate ? { overallRate: rate } : {}),
    // What Chromium asks for; the shell compresses every page it sends and picks the encoding.
    headers: { 'accept-encoding': ACCEPT_ENCODING, ...headers },
    requests: (cookies.length ? cookies : [null]).map((cookie) => ({
      method: 'GET',
      path,
      ...(cookie ? { headers: { 'accept-encoding': ACCEPT_ENCODING, ...headers, cookie } } : {}),
      ...(count
        ? {
            onResponse: (_status, _body, _context, headers) => {
              countRender(Object.entries(headers).find(([name]) => name.toLowerCase() === 'x-render')?.[1]);
            },
          }
        : {}),
    })),
  });

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Evenly spaced requests on a keep-alive pool of `connections` sockets: autocannon's figures, not its bursts. */
async function runPaced(duration, { count }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let errors = 0;
  const interval = 1000 / rate;
  const total = Math.round(duration * rate);
  const start = performance.now();
  const requests = [];
  const request = (dueAt) =>
    new Promise((resolve) => {
      const req = http.get(
        {
          host: target.hostname,
          port: target.port,
          path,
          agent,
          headers: { 'accept-encoding': ACCEPT_ENCODING, ...headers },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - dueAt);
            if (res.statusCode !== expectStatus) errors++;
            if (count) countRender(res.headers['x-render']);
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
    });
  for (let i = 0; i < total; i++) {
    const dueAt = start + i * interval;
    const wait = dueAt - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    requests.push(request(dueAt));
  }
  await Promise.all(requests);
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: sorted.length / ((performance.now() - start) / 1000),
    p50Ms: Math.round(percentile(sorted, 50)),
    p99Ms: Math.round(percentile(sorted, 99)),
    maxMs: Math.round(sorted.at(-1)),
    errors,
    requests: sorted.length,
    renders,
  };
}

// JIT, the remote's server modules and the connection pool warm up first: not in the figures, but
// reported (`warmupRequests`), since a server's CPU read over a load includes them.
if (paced) {
  const warmup = await runPaced(3, { count: false });
  console.log(JSON.stringify({ ...(await runPaced(seconds, { count: true })), warmupRequests: warmup.requests }));
  process.exit(0);
}

const warmup = await run(3, { count: false });
const result = await run(seconds, { count: true });
const answers = ['1xx', '2xx', '3xx', '4xx', '5xx'].reduce((sum, kind) => sum + result[kind], 0);
// autocannon counts answers by class: an answer of another class than expected is an error.
const unexpected = answers - result[`${String(expectStatus)[0]}xx`];
console.log(
  JSON.stringify({
    requestsPerSecond: result.requests.total / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    // autocannon's `errors` include its `timeouts` (a timed-out request is counted once, not twice).
    errors: result.errors + unexpected,
    // The same errors by kind, so that a few in a long load say what they were.
    errorKinds: { socket: result.errors - result.timeouts, timeout: result.timeouts, status: unexpected },
    requests: result.requests.total,
    warmupRequests: warmup.requests.total,
    renders,
  }),
);
