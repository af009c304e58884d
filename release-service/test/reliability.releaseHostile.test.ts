/**
 * 1,000 generated malformed or hostile calls to the release registry's routes (wrong types,
 * unknown remotes, version ids with ../, oversized bodies, no token, a forged token, …): every
 * answer the expected 4xx with a Japanese message, and nothing written — no registry line, no
 * version, no audit line. Replay a failure with RELIABILITY_SEED=<seed>.
 */
import type { AuditEntry, RegistryDocument } from 'shared-releases';
import { createPrng, seedFromEnv } from 'service-kit/testing';
import { generateHostileReleaseRequests } from './support/hostileReleaseRequests';
import { fakeManifests, RELEASE_ENV, releaseVerifyToken, remoteManifest } from './support/releaseFixtures';
import { bearer, TOKENS } from './support/testApp';
import { useTestApp } from './support/useTestApp';
import { paced } from 'service-kit/testing/pace';

jest.setTimeout(paced(120_000));

const COUNT = 1_000;
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;
const seed = seedFromEnv();
const store = fakeManifests();
store.publish('admin-console', 'v1', remoteManifest('admin_console'));
// The write limit is lifted: a 429 would hide what the service does with the request.
const { send } = useTestApp({
  verifyToken: releaseVerifyToken,
  fetchManifest: store.fetchManifest,
  env: Object.assign({ RATE_LIMIT_WRITE_MAX: '100000', RATE_LIMIT_ANONYMOUS_MAX: '100000' }, RELEASE_ENV),
});

const state = async () => {
  const registry = await Promise.all(
    ['staging', 'production'].map(
      async (environment) => (await send({ url: `/api/registry/${environment}` })).json<RegistryDocument>().lines,
    ),
  );
  const audit = (await send({ url: '/api/releases/audit', headers: bearer(TOKENS.admin) })).json<{
    entries: AuditEntry[];
  }>().entries;
  return { registry, audit };
};

it(`answers ${COUNT} hostile calls with the expected 4xx and a Japanese message, writing nothing (seed ${seed})`, async () => {
  const before = await state();
  expect(before).toEqual({ registry: [{}, {}], audit: [] });
  const problems: string[] = [];
  for (const { label, request, expected } of generateHostileReleaseRequests(createPrng(seed), COUNT)) {
    const response = await send(request);
    let error: unknown;
    try {
      error = response.json<{ error?: unknown }>().error;
    } catch {
      error = undefined;
    }
    if (!expected.includes(response.statusCode) || typeof error !== 'string' || !JAPANESE.test(error)) {
      problems.push(
        `${label}: ${request.method ?? 'GET'} ${request.url} → ${response.statusCode} ${response.body.slice(0, 120)}`,
      );
    }
  }
  expect({ seed, problems: problems.slice(0, 10), count: problems.length }).toEqual({ seed, problems: [], count: 0 });
  expect(await state()).toEqual(before);

  // The service still does its work afterwards: the very release the hostile calls aimed at.
  const valid = await send({
    method: 'POST',
    url: '/api/releases/admin_console/production',
    headers: Object.assign(bearer(TOKENS.admin), { 'idempotency-key': 'hostile-valid-release-1' }),
    payload: { version: 'v1' },
  });
  expect(valid.statusCode).toBe(201);
});
