/**
 * Issue 41's fourth fault: PostgreSQL restarted under the release service (two instances behind
 * nginx) while a canary runs. Meanwhile every call that needs the database is a Japanese 503 with
 * Retry-After, not a crash; a CLI change sent during the outage waits it out with its retries and
 * ends in one outcome; afterwards the canary is as it was, with only that change made.
 */
import type { CanaryResult, RegistryDocument } from 'shared-releases';
import { releaseRemote, startCanaryRemote } from '../src/releaseRemote';
import { type FaultWorld, startFaultWorld } from './faults/faultWorld';
import { ENVIRONMENT } from './faults/flipScenario';

jest.setTimeout(120_000);

let world: FaultWorld;
beforeAll(async () => {
  world = await startFaultWorld();
}, 120_000);
afterAll(() => world?.stop());

const UNAVAILABLE = /一時的に接続できません/;

it('answers 503 while PostgreSQL restarts, keeps the running canary, and the CLI’s retry ends in one outcome', async () => {
  const { remote, store } = world;
  const client = world.client();
  const flip = (version: string) => ({
    remote,
    version,
    environment: ENVIRONMENT,
    store,
    client,
    fromDir: world.builtFolder(version),
  });
  await releaseRemote(flip('live-1'));
  await startCanaryRemote({ ...flip('canary-1'), percent: 10 });
  const before = (await world.read<RegistryDocument>(`/registry/${ENVIRONMENT}`)).body;
  expect(before.canaries[remote.federationName]).toMatchObject({ percent: 10 });

  let change: Promise<CanaryResult> | undefined;
  await world.postgres.restart(async () => {
    const registry = await fetch(`${world.nginx.origin}/api/registry/${ENVIRONMENT}`);
    expect(registry.status).toBe(503);
    expect(registry.headers.get('retry-after')).toBe('5');
    expect(((await registry.json()) as { error: string }).error).toMatch(UNAVAILABLE);
    expect((await world.read<{ error: string }>('/releases/audit')).status).toBe(503);

    // Sent now, answered 503: the CLI asks again until the database is back.
    change = client.setCanaryPercent(remote.federationName, ENVIRONMENT, 20);
    const refused = await world.proxy.answered(
      (exchange) => exchange.method === 'POST' && exchange.path.endsWith('/canary'),
    );
    expect(refused.status).toBe(503);
    expect(world.services.instances.map((instance) => instance.running())).toEqual([true, true]);
  });

  const result = await change!;
  expect(result.canary).toMatchObject({ version: 'canary-1', percent: 20, status: 'running' });
  const after = (await world.read<RegistryDocument>(`/registry/${ENVIRONMENT}`)).body;
  expect(after.lines).toEqual(before.lines);
  expect(after.canaries).toEqual({
    [remote.federationName]: { ...before.canaries[remote.federationName], percent: 20 },
  });
  // The same processes throughout: nothing crashed, nothing was restarted.
  expect(world.services.instances.map((instance) => [instance.running(), instance.kills])).toEqual([
    [true, 0],
    [true, 0],
  ]);
});
