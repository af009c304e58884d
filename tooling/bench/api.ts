import autocannon from 'autocannon';
import { median } from './stats';

export interface ApiFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

/** A fixed-rate loopback load (bounded in time) against one route; median of `runs`. */
export async function loadTest(url: string, { rate = 1000, seconds = 10, runs = 3 } = {}): Promise<ApiFigures> {
  const samples: ApiFigures[] = [];
  for (let i = 0; i < runs; i++) {
    const result = await autocannon({ url, connections: 20, duration: seconds, overallRate: rate });
    samples.push({
      requestsPerSecond: result.requests.average,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
    });
  }
  return {
    requestsPerSecond: median(samples.map((s) => s.requestsPerSecond)),
    p50Ms: median(samples.map((s) => s.p50Ms)),
    p99Ms: median(samples.map((s) => s.p99Ms)),
    errors: samples.reduce((sum, s) => sum + s.errors, 0),
  };
}

/**
 * The same load split over several instances (as a load balancer would, or a client calling them
 * in turn): each gets rate / instances at once, for `seconds`. Per run, the slowest instance's
 * latency and the sum of throughput and errors; median of `runs`.
 */
export async function loadTestPair(urls: string[], { rate = 1000, seconds = 10, runs = 3 } = {}): Promise<ApiFigures> {
  const samples: ApiFigures[] = [];
  for (let i = 0; i < runs; i++) {
    const results = await Promise.all(
      urls.map((url) =>
        autocannon({
          url,
          connections: Math.ceil(20 / urls.length),
          duration: seconds,
          overallRate: rate / urls.length,
        }),
      ),
    );
    samples.push({
      requestsPerSecond: results.reduce((sum, r) => sum + r.requests.average, 0),
      p50Ms: Math.max(...results.map((r) => r.latency.p50)),
      p99Ms: Math.max(...results.map((r) => r.latency.p99)),
      errors: results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
    });
  }
  return {
    requestsPerSecond: median(samples.map((s) => s.requestsPerSecond)),
    p50Ms: median(samples.map((s) => s.p50Ms)),
    p99Ms: median(samples.map((s) => s.p99Ms)),
    errors: samples.reduce((sum, s) => sum + s.errors, 0),
  };
}
