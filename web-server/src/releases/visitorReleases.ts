// Which releases a visitor is served: the live lines, with a running canary's manifest over its
// line for a visitor whose bucket is in the canary's share (shared-releases' isCanaryBucket, the
// rule the browser and every other instance apply to the same bucket). The bucket is a random
// number kept in a first-party cookie, set on the first page a visitor gets: the page is already
// rendered with it, and each later request (pages, /mf-remotes.json) carries it, on any instance.
import crypto from 'node:crypto';
import type http from 'node:http';
import {
  BUCKET_COOKIE,
  BUCKET_COOKIE_MAX_AGE_S,
  BUCKET_COUNT,
  bucketFromCookie,
  isCanaryBucket,
} from 'shared-releases';
import type { Registry, RegistryState } from './registry';

/** What one request is served with. */
export interface Visit {
  registry: Registry;
  /** The Set-Cookie value that keeps the visitor's new bucket, on the response that gave it. */
  setCookie: string | null;
  /** The visitor's bucket (null: none, the live lines); named in the page's view token. */
  bucket?: number | null;
}

/** The cookie that keeps `bucket` (Secure on an https site, where a browser keeps nothing else). */
export function bucketCookie(bucket: number, secure: boolean): string {
  return `${BUCKET_COOKIE}=${bucket}; Path=/; Max-Age=${BUCKET_COOKIE_MAX_AGE_S}; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}`;
}

/**
 * The registry of a bucket in a state: the live lines themselves outside every canary's share (no
 * bucket: the live lines too), else one object per state and choice of canaries, built once. A
 * page served from the cache costs a cookie lookup and a comparison per canary running, and every
 * visitor with the same releases gets the same object (the preloads and CSP built for it are shared).
 */
export function memoisedRegistryFor(): (state: RegistryState, bucket: number | null) => Registry {
  const built = new WeakMap<RegistryState, Map<string, Registry>>();
  return (state, bucket) => {
    if (bucket === null) return state.lines;
    let choice = '';
    let inAny = false;
    for (const remote in state.canaries) {
      const inShare = isCanaryBucket(bucket, state.canaries[remote]!.percent);
      choice += inShare ? '1' : '0';
      inAny ||= inShare;
    }
    if (!inAny) return state.lines;
    let registries = built.get(state);
    if (!registries) built.set(state, (registries = new Map()));
    let registry = registries.get(choice);
    if (!registry) {
      registry = Object.assign({}, state.lines);
      for (const remote in state.canaries) {
        const canary = state.canaries[remote]!;
        if (isCanaryBucket(bucket, canary.percent)) registry[remote] = canary.manifestUrl;
      }
      registries.set(choice, registry);
    }
    return registry;
  };
}

export interface VisitorReleasesOptions {
  /** The live lines and the canaries running, read per request. */
  state: () => RegistryState;
  /** The site is https: the cookie is Secure. */
  secure: boolean;
  /** A new visitor's bucket (tests fix it). */
  randomBucket?: () => number;
}

export interface VisitorReleases {
  /**
   * What a request is served with. A page (`page`) for a visitor without a valid bucket gives them
   * a new one and the cookie to set; anything else without one gets the live lines and no cookie.
   */
  visit(req: http.IncomingMessage, page: boolean): Visit;
}

export function createVisitorReleases({
  state,
  secure,
  randomBucket = () => crypto.randomInt(BUCKET_COUNT),
}: VisitorReleasesOptions): VisitorReleases {
  const registryFor = memoisedRegistryFor();
  return {
    visit(req, page) {
      const known = bucketFromCookie(req.headers.cookie);
      const bucket = known ?? (page ? randomBucket() : null);
      return {
        registry: registryFor(state(), bucket),
        bucket,
        setCookie: known === null && bucket !== null ? bucketCookie(bucket, secure) : null,
      };
    },
  };
}
