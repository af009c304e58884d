/**
 * Flips with their answer lost, one fault kind at a time, each ending with the CLI's own retry:
 * the release function (tooling/release's releaseRemote / startCanaryRemote: publish, ask, and
 * take the folder back only on a decided refusal) and its real client, signed in as the admin.
 * Of every five operations three are releases, one a canary started then promoted, one a release
 * the gate refuses (its folder must go, and only it). faultChecks.ts then reads what was left.
 */
import type { ReleaseClient, ReleaseEnvironment } from 'shared-releases';
import { ReleaseError } from '../../src/errors';
import { decidedWrite } from '../../src/operation';
import { refusalOf, releaseRemote, startCanaryRemote } from '../../src/releaseRemote';
import type { Exchange } from './answerProxy';
import type { FaultWorld } from './faultWorld';

export const FAULT_KINDS = ['proxy drop', 'SIGKILL after commit', 'client timeout'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export const ENVIRONMENT: ReleaseEnvironment = 'staging';

/** What one user action did, as the checks need it. */
export interface Operation {
  action: 'release' | 'canary' | 'canary-promote';
  version: string;
  /** What the service must have decided: carried out, or refused by the gate. */
  expected: 'done' | 'refused';
  /** The CLI's answer: the result it printed, or the refusal's sentence. */
  outcome: { ok: true; result: unknown } | { ok: false; message: string };
  /** Every request the proxy saw while the action ran (its tries and its questions). */
  exchanges: Exchange[];
}

/**
 * The client's timeout in the `client timeout` runs, and how long the gate's first read of each
 * new folder is held: past the timeout by a little (the commit lands while the CLI asks about it)
 * to by much (the CLI asks, hears "unknown", and sends the request again while the first runs).
 * A write that reads no folder (a canary's promotion) commits in time and its answer is held by
 * the proxy instead, until the client gives up.
 */
export const CLIENT_TIMEOUT_MS = 700;
const GATE_DELAYS_MS = [800, 1_100, 1_500, 2_200];

/** Turns the fault on for the whole run. */
function arm(world: FaultWorld, kind: FaultKind): void {
  world.proxy.loseAnswers = kind === 'proxy drop' ? 'drop' : kind === 'client timeout' ? 'hold' : null;
  let reads = 0;
  world.storeServer.delay =
    kind === 'client timeout'
      ? (urlPath, askedBefore) =>
          /^\/store\/.+\/mf-manifest\.json$/.test(urlPath) && askedBefore === 0
            ? GATE_DELAYS_MS[reads++ % GATE_DELAYS_MS.length]!
            : 0
      : null;
  // SIGKILL: the instances carry the failpoint from their start (faultWorld's `failpoint`).
}

function disarm(world: FaultWorld): void {
  world.proxy.loseAnswers = null;
  world.storeServer.delay = null;
}

async function recorded(
  world: FaultWorld,
  action: Operation['action'],
  version: string,
  expected: Operation['expected'],
  run: () => Promise<unknown>,
): Promise<Operation> {
  const mark = world.proxy.exchanges().length;
  let outcome: Operation['outcome'];
  try {
    outcome = { ok: true, result: await run() };
  } catch (error) {
    if (!(error instanceof ReleaseError)) throw error;
    outcome = { ok: false, message: error.message };
  }
  return { action, version, expected, outcome, exchanges: world.proxy.exchanges().slice(mark) };
}

/**
 * `count` release-function calls (plus the promotions of the canaries among them) with `kind`
 * armed; `prefix` keeps the versions of several runs on one world apart.
 */
export async function runFlips(world: FaultWorld, kind: FaultKind, count: number, prefix: string) {
  const client: ReleaseClient = world.client(kind === 'client timeout' ? CLIENT_TIMEOUT_MS : undefined);
  const { remote, store } = world;
  const operations: Operation[] = [];
  arm(world, kind);
  try {
    for (let i = 0; i < count; i += 1) {
      // A killed instance is back before the next flip, so the CLI's question after the kill finds
      // the other one. (Flipping as soon as one is up was tried: the CLI's questions then meet no
      // instance, and each refused one keeps nginx from trying a restarted instance for 1 s more.)
      if (kind === 'SIGKILL after commit') await world.services.ready();
      const version = `${prefix}-${i}`;
      const refused = i % 5 === 4;
      const canary = i % 5 === 3;
      const options = {
        remote,
        version,
        environment: ENVIRONMENT,
        store,
        client,
        fromDir: world.builtFolder(version, refused ? '^20.0.0' : '^19.0.0'),
      } as const;
      if (canary) {
        operations.push(
          await recorded(world, 'canary', version, 'done', () => startCanaryRemote({ ...options, percent: 10 })),
        );
        if (kind === 'SIGKILL after commit') await world.services.ready();
        operations.push(
          // As `npm run canary -- <remote> promote` sends it: one id for every try, the canary named.
          await recorded(world, 'canary-promote', version, 'done', () =>
            decidedWrite(client, (id) =>
              client.promoteCanary(remote.federationName, ENVIRONMENT, { expectedCanary: version }, id),
            ).catch(refusalOf),
          ),
        );
      } else {
        operations.push(
          await recorded(world, 'release', version, refused ? 'refused' : 'done', () => releaseRemote(options)),
        );
      }
    }
    // The checks read through nginx: both instances up again first. A try the CLI gave up on may
    // still be deciding (its gate held): its answer is one the checks compare.
    if (kind === 'SIGKILL after commit') await world.services.ready();
    await world.proxy.idle();
  } finally {
    disarm(world);
  }
  return operations;
}
