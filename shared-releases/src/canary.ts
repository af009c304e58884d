/**
 * Canary releases: how a visitor is placed in a canary, and the health rules the service
 * withdraws one by (docs/releasing.md, "Canary releases"). Shared by the service (which decides),
 * the web servers (which split visitors) and the browser (which reports).
 */

/**
 * The first-party cookie that keeps a visitor's bucket (0 … BUCKET_COUNT − 1), set by the web
 * server on the first response. A random number, nothing else: it names no one.
 */
export const BUCKET_COOKIE = 'release_bucket';
export const BUCKET_COUNT = 10_000;
/** A year: long enough that a visitor keeps their release across visits. */
export const BUCKET_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Canary shares a team may choose (percent of visitors). 100 is a promotion, 0 an abort. */
export const CANARY_MIN_PERCENT = 1;
export const CANARY_MAX_PERCENT = 99;

/**
 * Whether a bucket is served the canary at `percent`. Buckets below the threshold are: raising a
 * canary from 10 % to 50 % keeps every visitor who had it, and adds others.
 */
export const isCanaryBucket = (bucket: number, percent: number): boolean =>
  bucket < Math.round((percent / 100) * BUCKET_COUNT);

/** A bucket from a cookie header's value, or null when absent or not a bucket. */
export function bucketFromCookie(cookieHeader: string | undefined | null): number | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name !== BUCKET_COOKIE || value === undefined || !/^\d{1,5}$/.test(value)) continue;
    const bucket = Number(value);
    return bucket < BUCKET_COUNT ? bucket : null;
  }
  return null;
}

/** The limits of one health report (POST /api/health): a browser's batch for one page. */
export const HEALTH_REPORT_LIMITS = {
  /** entries per report: one per remote and release the page used */
  maxEntries: 6,
  /** views (and each failure count) per entry: a batch covers a few pages at most */
  maxCount: 20,
  maxManifestLength: 512,
  /** bytes of the whole body */
  maxBytes: 4096,
} as const;

/** Longest view token a health report may carry (shared-releases/view-token: ≈ 90 bytes per page). */
export const VIEW_TOKEN_MAX_LENGTH = 400;

/** The service's health rules, defaults of its configuration (article-api config: HEALTH_*). */
export const HEALTH_DEFAULTS = {
  /** counts are kept per minute and summed over this many minutes */
  windowMinutes: 10,
  /** no decision before the canary has this many page views in the window */
  minCanaryViews: 50,
  /** the false-withdrawal rate of the sequential test: a canary no worse than live is withdrawn at most this often */
  alpha: 0.05,
  /** a canary worse by minEffect or more is called healthy at most 1 − power of the time */
  power: 0.8,
  /** the smallest difference of failure rates (0–1) the test is built to find: 5 points */
  minEffect: 0.05,
  /**
   * per view token and remote, at most this many views (and no more failures than views) count,
   * however many reports or instances carry it: a page load and the few pages opened in it (a
   * visit of the browser suite: four)
   */
  tokenViews: 5,
  /** a view token is good for this long after the web server signed it (and its use is kept as long) */
  tokenTtlSeconds: 600,
  /**
   * health reports per address and minute; beyond, 429. Only against floods: counting is per token,
   * and many visitors share one address (offices, carrier-grade NAT), each sending a few a minute
   */
  reportsPerMinute: 600,
} as const;
