/**
 * Issue 41's fourth fault: PostgreSQL restarted under the release service (two instances behind
 * nginx) while a canary runs. Meanwhile each instance answers what needs the database with a
 * Japanese 503 and Retry-After, not a crash; a CLI change sent during the outage waits it out with
 * its retries and ends in one outcome; afterwards the canary is as it was, with only that change.
 */
import type { CanaryResult, RegistryDocument } from 'shared-releases';
import { decidedWrite } from '../src/operation';
import { refusalOf, releaseRemote, startCanaryRemote } from '../src/releaseRemote';
import { type FaultWorld, startFaultWorld } from './faults/faultWorld';
import { ENVIRONMENT } from './faults/flipScenario';
import { paced } from 'service-kit/testing/pace';

jest.setTimeout(paced(120_000));

let world: FaultWorld;
beforeAll(async () => {
  world = await startFaultWorld();
}, paced(120_000));
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
    // Each instance, past nginx: a Japanese 503 with Retry-After on a read and a signed-in read.
    for (const { port } of world.services.instances) {
      const origin = `http://127.0.0.1:${port}`;
      const registry = await fetch(`${origin}/api/registry/${ENVIRONMENT}`);
      expect(registry.status).toBe(503);
      expect(registry.headers.get('retry-after')).toBe('5');
      expect(((await registry.json()) as { error: string }).error).toMatch(UNAVAILABLE);
      const audit = await world.read<{ error: string }>('/releases/audit', origin);
      expect(audit).toEqual({ status: 503, body: { error: expect.stringMatching(UNAVAILABLE) } });
    }

    // Sent now, answered with a 5xx (the instances' 503, or nginx's 502 once both are marked
    // failed for their 503s): the CLI asks again until the database is back.
    change = decidedWrite(client, (id) =>
      client.setCanaryPercent(remote.federationName, ENVIRONMENT, { percent: 20, expectedCanary: 'canary-1' }, id),
    ).catch(refusalOf);
    const unanswered = await world.proxy.answered(
      (exchange) => exchange.method === 'POST' && exchange.path.endsWith('/canary'),
    );
    expect(unanswered.status).toBeGreaterThanOrEqual(500);
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
