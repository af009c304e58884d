/**
 * The calls the canary and health tests make, over one app's `send`: releases and canary actions
 * with a token, the registry, the overview, the audit log, and health reports from an address
 * (X-Forwarded-For: the apps of these tests trust one proxy hop, TRUST_PROXY=1).
 */
import type {
  AuditEntry,
  CanaryResult,
  EnvironmentReleases,
  HealthEntry,
  RegistryDocument,
  ReleaseOverview,
} from 'shared-releases';
import type { Send, TestResponse } from 'service-kit/testing';
import { viewTokenFor } from 'shared-releases/view-token';
import { manifestUrlOf, RELEASE_ENV, RELEASE_TOKENS as T, writeHeaders } from './releaseFixtures';
import { bearer } from './testApp';

/** The release world's env, with the client address taken from X-Forwarded-For. */
export const CANARY_ENV: Record<string, string> = Object.assign({ TRUST_PROXY: '1' }, RELEASE_ENV);

export const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

/** The admin console's build `version` as a browser reports it. */
export const consoleManifest = (version: string) => manifestUrlOf('admin-console', version);

export function canaryRequests(send: Send) {
  const post = (token: string, url: string, payload: object = {}) =>
    send({ method: 'POST', url, headers: writeHeaders(token), payload });
  const at = (remote: string, environment: string) => `/api/releases/${remote}/${environment}`;
  const registryResponse = (environment = 'production', etag?: string) =>
    send({ url: `/api/registry/${environment}`, headers: etag ? { 'if-none-match': etag } : {} });

  const overviewOf = async (remote: string, environment: string) => {
    const overview = (await send({ url: '/api/releases', headers: bearer(T.admin) })).json<ReleaseOverview>();
    const found = overview.remotes.find((entry) => entry.remote === remote);
    return found?.environments[environment as 'production'];
  };
  /** The canary's version as a page would show it now ('none': no canary, refused as such). */
  const seenCanary = async (remote: string, environment: string) =>
    (await overviewOf(remote, environment))?.canary?.version ?? 'none';
  const seenLive = async (remote: string, environment: string) =>
    (await overviewOf(remote, environment))?.live?.version ?? null;

  return {
    seenCanary,
    seenLive,
    release: (token: string, remote: string, environment: string, version: string) =>
      post(token, at(remote, environment), { version }),
    startCanary: (token: string, remote: string, environment: string, version: string, canaryPercent: number) =>
      post(token, at(remote, environment), { version, canaryPercent, sourceCommit: 'abc1234' }),
    /** A canary with a plan (docs/canary-releases.md, "Steps"): the service advances it. */
    startPlanned: (token: string, remote: string, environment: string, version: string, canaryPlan: object) =>
      post(token, at(remote, environment), { version, canaryPlan, sourceCommit: 'abc1234' }),
    holdCanary: async (token: string, remote: string, environment: string, hold: 'pause' | 'resume') =>
      post(token, `${at(remote, environment)}/canary/${hold}`, {
        expectedCanary: await seenCanary(remote, environment),
      }),
    setPercent: async (token: string, remote: string, environment: string, percent: unknown) =>
      post(token, `${at(remote, environment)}/canary`, {
        percent,
        expectedCanary: await seenCanary(remote, environment),
      }),
    promoteCanary: async (token: string, remote: string, environment: string) =>
      post(token, `${at(remote, environment)}/canary/promote`, {
        expectedCanary: await seenCanary(remote, environment),
      }),
    abortCanary: async (token: string, remote: string, environment: string) =>
      post(token, `${at(remote, environment)}/canary/abort`, { expectedCanary: await seenCanary(remote, environment) }),
    promote: (token: string, remote: string, environment: string, version: string) =>
      post(token, `${at(remote, environment)}/promote`, { version }),
    rollback: async (token: string, remote: string, environment: string) =>
      post(token, `${at(remote, environment)}/rollback`, { expectedLive: await seenLive(remote, environment) }),
    registryResponse,
    registry: async (environment = 'production') => (await registryResponse(environment)).json<RegistryDocument>(),
    overview: async (token: string = T.admin) =>
      (await send({ url: '/api/releases', headers: bearer(token) })).json<ReleaseOverview>(),
    /** One remote's environment in the admin's overview. */
    environmentOf: async (remote: string, environment: 'staging' | 'production' = 'production') => {
      const overview = (await send({ url: '/api/releases', headers: bearer(T.admin) })).json<ReleaseOverview>();
      const found = overview.remotes.find((entry) => entry.remote === remote);
      if (!found) throw new Error(`${remote} is not in the overview`);
      return found.environments[environment] as EnvironmentReleases;
    },
    audit: async (token: string = T.admin) =>
      (await send({ url: '/api/releases/audit', headers: bearer(token) })).json<{ entries: AuditEntry[] }>().entries,
    /**
     * A health report from `address`: a JSON object, or a string sent as text/plain (sendBeacon);
     * `headers` e.g. an Origin.
     */
    report: (address: string, payload: object | string, contentType?: string, headers: Record<string, string> = {}) =>
      send({
        method: 'POST',
        url: '/api/health',
        headers: Object.assign<Record<string, string>, Record<string, string>, Record<string, string>>(
          { 'x-forwarded-for': address },
          typeof payload === 'string' ? { 'content-type': contentType ?? 'text/plain;charset=UTF-8' } : {},
          headers,
        ),
        payload,
      }),
  };
}

/** One entry of a health report: `views` page views of a remote's build, with failures. */
export const entry = (
  remote: string,
  manifest: string,
  views: number,
  failures: Partial<Pick<HealthEntry, 'loadFailures' | 'renderCrashes' | 'hydrationErrors'>> = {},
): HealthEntry =>
  Object.assign({ remote, manifest, views, loadFailures: 0, renderCrashes: 0, hydrationErrors: 0 }, failures);

/** The clock view tokens are signed by (a test that moves the service's clock moves this one too). */
let tokenClock = () => Date.now();
export const setTokenClock = (clock: () => number) => {
  tokenClock = clock;
};

/** A view token as the web server signs it for one page load served these entries' manifests. */
export const pageToken = (entries: readonly HealthEntry[], options: { key?: string; nowMs?: number } = {}) =>
  viewTokenFor(entries, Object.assign({ nowMs: tokenClock() }, options));

/** A report of one page load: its entries and a fresh view token naming their manifests. */
export const report = (...entries: HealthEntry[]) => ({
  environment: 'production',
  token: pageToken(entries),
  entries,
});

export const canaryOf = (response: TestResponse) => response.json<CanaryResult>();

/** `count` distinct documentation addresses (TEST-NET-3), one per simulated visitor network. */
export const addresses = (count: number, prefix = '203.0.113') =>
  Array.from({ length: count }, (_, index) => `${prefix}.${index + 1}`);
