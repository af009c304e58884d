/**
 * TEST ONLY — a failpoint for the fault tests (tooling/release/test/faults, docs/releasing.md
 * "Faults"). With `TEST_FAILPOINT=kill-after-flip-commit` the process kills itself with SIGKILL
 * once a release write has been decided — its transaction committed — and before a byte of its
 * answer is written: an instance lost between its commit and its answer, a moment no kill from
 * outside can hit every time. Off unless the variable is set, and refused with
 * NODE_ENV=production (config.ts), so no deployed service carries it.
 */
import type { FastifyInstance } from 'fastify';

export const TEST_FAILPOINTS = ['kill-after-flip-commit'] as const;
export type TestFailpoint = (typeof TEST_FAILPOINTS)[number];

/** Every release write: the release, promote, rollback and canary routes (not the GETs beside them). */
const RELEASE_WRITE_ROUTE = '/api/releases/:remote/:environment';

/**
 * The answers of a write that committed something: a change (2xx) or a refusal decided on the
 * state in hand (409 expected state, 422 gate), whose audit row and stored outcome commit with it.
 */
const committed = (status: number) => (status >= 200 && status < 300) || status === 409 || status === 422;

/**
 * Registers the failpoint's hook. onSend runs after the handler has returned (the service's
 * transaction is committed) and before the answer is written. A replayed outcome committed nothing
 * new, so it is answered: otherwise a client asking again would kill every instance in turn.
 */
export function registerTestFailpoint(
  app: FastifyInstance,
  failpoint: TestFailpoint,
  kill: () => void = () => process.kill(process.pid, 'SIGKILL'),
): void {
  if (failpoint !== 'kill-after-flip-commit') return;
  app.addHook('onSend', async (request, reply, payload) => {
    const write = request.method === 'POST' && request.routeOptions.url?.startsWith(RELEASE_WRITE_ROUTE) === true;
    if (write && committed(reply.statusCode) && reply.getHeader('idempotent-replayed') !== 'true') kill();
    return payload;
  });
}
