// A visitor's releases: the bucket from the cookie (a new one on a first page), the registry it
// gives, the same for the same bucket everywhere, and the split over many fresh visitors.
import type http from 'node:http';
import { BUCKET_COUNT, isCanaryBucket } from 'shared-releases';
import type { RegistryState } from './registry';
import { bucketCookie, createVisitorReleases, memoisedRegistryFor } from './visitorReleases';

const LIVE = 'https://cdn.example/public-site/releases/v1/mf-manifest.json';
const CANARY = 'https://cdn.example/public-site/releases/v2/mf-manifest.json';
const ADMIN = 'https://cdn.example/admin-console/releases/v5/mf-manifest.json';
const ADMIN_CANARY = 'https://cdn.example/admin-console/releases/v6/mf-manifest.json';

const stateWith = (percent: number | null): RegistryState => ({
  lines: { public_site: LIVE, admin_console: ADMIN },
  canaries: percent === null ? {} : { public_site: { manifestUrl: CANARY, percent } },
});
const request = (cookie?: string) => ({ headers: cookie ? { cookie } : {} }) as http.IncomingMessage;
/** A bucket in (or out of) a 10 % canary's share. */
const IN_10 = 0;
const OUT_10 = BUCKET_COUNT - 1;

describe('bucketCookie', () => {
  it('is first-party, a year long, Lax, HttpOnly, and Secure on an https site', () => {
    expect(bucketCookie(42, false)).toBe('release_bucket=42; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly');
    expect(bucketCookie(42, true)).toBe('release_bucket=42; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly; Secure');
  });
});

describe('memoisedRegistryFor', () => {
  it('gives the live lines themselves without a bucket, outside every share, and without canaries', () => {
    const registryFor = memoisedRegistryFor();
    const state = stateWith(10);
    expect(registryFor(state, null)).toBe(state.lines);
    expect(registryFor(state, OUT_10)).toBe(state.lines);
    const none = stateWith(null);
    expect(registryFor(none, IN_10)).toBe(none.lines);
  });

  it("gives a bucket in the share the canary's manifest over its line, one object per state and choice", () => {
    const registryFor = memoisedRegistryFor();
    const state = stateWith(10);
    const canary = registryFor(state, IN_10);
    expect(canary).toEqual({ public_site: CANARY, admin_console: ADMIN });
    expect(registryFor(state, 999)).toBe(canary);
    // A new state (the canary raised) is built afresh; the lines are never changed.
    const raised = stateWith(50);
    expect(registryFor(raised, 4999)).toEqual(canary);
    expect(registryFor(raised, 4999)).not.toBe(canary);
    expect(state.lines.public_site).toBe(LIVE);
  });

  it('applies each canary by its own share when two remotes run one', () => {
    const registryFor = memoisedRegistryFor();
    const state: RegistryState = {
      lines: { public_site: LIVE, admin_console: ADMIN },
      canaries: {
        public_site: { manifestUrl: CANARY, percent: 10 },
        admin_console: { manifestUrl: ADMIN_CANARY, percent: 50 },
      },
    };
    expect(registryFor(state, 500)).toEqual({ public_site: CANARY, admin_console: ADMIN_CANARY });
    expect(registryFor(state, 2000)).toEqual({ public_site: LIVE, admin_console: ADMIN_CANARY });
    expect(registryFor(state, 9000)).toBe(state.lines);
  });
});

describe('createVisitorReleases', () => {
  it('gives a first page a new bucket, its cookie and its registry; a cookie-less JSON request the live lines', () => {
    const state = stateWith(10);
    const visitors = createVisitorReleases({ state: () => state, secure: true, randomBucket: () => 7 });
    expect(visitors.visit(request(), true)).toEqual({
      registry: { public_site: CANARY, admin_console: ADMIN },
      bucket: 7,
      setCookie: bucketCookie(7, true),
    });
    expect(visitors.visit(request('theme=dark'), false)).toEqual({
      registry: state.lines,
      bucket: null,
      setCookie: null,
    });
  });

  it('keeps a valid cookie (no new cookie) and replaces one that is not a bucket', () => {
    const state = stateWith(10);
    const visitors = createVisitorReleases({ state: () => state, secure: false, randomBucket: () => OUT_10 });
    expect(visitors.visit(request('theme=dark; release_bucket=3'), true)).toEqual({
      registry: { public_site: CANARY, admin_console: ADMIN },
      bucket: 3,
      setCookie: null,
    });
    for (const cookie of ['release_bucket=10000', 'release_bucket=-1', 'release_bucket=abc']) {
      expect(visitors.visit(request(cookie), true)).toEqual({
        registry: state.lines,
        bucket: OUT_10,
        setCookie: bucketCookie(OUT_10, false),
      });
    }
  });

  it('serves a bucket the same release on two instances with the same registry, whichever they answered first', () => {
    const [first, second] = [stateWith(10), stateWith(10)].map((state) =>
      createVisitorReleases({ state: () => state, secure: false }),
    );
    for (let bucket = 0; bucket < BUCKET_COUNT; bucket += 37) {
      const cookie = `release_bucket=${bucket}`;
      const one = first!.visit(request(cookie), true).registry.public_site;
      expect(second!.visit(request(cookie), true).registry.public_site).toBe(one);
      expect(one).toBe(isCanaryBucket(bucket, 10) ? CANARY : LIVE);
    }
  });

  // The bar, with the real random source: 7–13 % is ± 3.2 standard deviations of the
  // binomial, so about one run in 700 falls outside by chance alone.
  it('serves a 10 % canary to 7–13 % of 1,000 fresh visitors (random buckets)', () => {
    const state = stateWith(10);
    const visitors = createVisitorReleases({ state: () => state, secure: false });
    let canary = 0;
    for (let visitor = 0; visitor < 1000; visitor++) {
      const { registry, setCookie } = visitors.visit(request(), true);
      expect(setCookie).toMatch(/^release_bucket=\d+;/);
      if (registry.public_site === CANARY) canary += 1;
    }
    expect(canary).toBeGreaterThanOrEqual(70);
    expect(canary).toBeLessThanOrEqual(130);
  });
});
