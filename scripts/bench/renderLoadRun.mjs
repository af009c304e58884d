// One autocannon load against the shell's server, in its own process so that the load generator
// does not share an event loop (or a core's time slice) with the server it measures. Prints JSON.
//   node renderLoadRun.mjs '{"url": "...", "connections": 10, "seconds": 10, "rate": 100, "uniqueQuery": true}'
import autocannon from 'autocannon';

const { url, connections, seconds, rate, uniqueQuery } = JSON.parse(process.argv[2]);
const target = new URL(url);
const renders = {};
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

const run = (duration, { count }) =>
  autocannon({
    url: target.origin,
    connections,
    duration,
    ...(rate ? { overallRate: rate } : {}),
    // What Chromium asks for; the shell compresses every page it sends and picks the encoding.
    headers: { 'accept-encoding': ACCEPT_ENCODING },
    // A query string of its own per request: the page cache is keyed on the full URL, so each
    // request is a miss and renders (counted below from X-Render to prove it).
    idReplacement: Boolean(uniqueQuery),
    requests: [
      {
        method: 'GET',
        path: uniqueQuery ? `${target.pathname}?render=[<id>]` : target.pathname + target.search,
        ...(count
          ? {
              onResponse: (_status, _body, _context, headers) => {
                const header = Object.entries(headers).find(([name]) => name.toLowerCase() === 'x-render')?.[1];
                const state = /cache=(\w+)/.exec(String(header ?? ''))?.[1] ?? String(header ?? 'none');
                renders[state] = (renders[state] ?? 0) + 1;
              },
            }
          : {}),
      },
    ],
  });

// JIT, the remote's server modules and the connection pool warm up first; not counted.
await run(3, { count: false });
const result = await run(seconds, { count: true });
console.log(
  JSON.stringify({
    requestsPerSecond: result.requests.total / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
    renders,
  }),
);
