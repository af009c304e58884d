/**
 * One Auth emulator for a whole Jest run, shared by the test files that need one. Each file used to
 * start a private one (the firebase CLI: about 6 CPU-seconds and 5–15 s each, eight times a run);
 * now the run's globalSetup (jest.config.ts) opens a small broker in Jest's own process, the first
 * file that asks makes it start the emulator on a free port, and the run's globalTeardown stops it.
 * The run owns it, so no file stops it under another's feet (unlike the shared one on 9099, which
 * belongs to whoever started it), and a run that needs none starts none. Files running side by side
 * stay apart because each signs up accounts with e-mails of its own (a run id and its pid) and
 * checks those accounts only.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AuthEmulator, startPrivateAuthEmulator } from './authEmulator';

/** Set by the globalSetup: the broker's URL, which the workers inherit. */
export const AUTH_EMULATOR_BROKER_VARIABLE = 'SERVICE_TEST_AUTH_BROKER';

interface Broker {
  server: http.Server;
  emulator: Promise<AuthEmulator> | undefined;
}

declare global {
  var serviceTestAuthBroker: Broker | undefined;
}

/** globalSetup: the broker on a free loopback port; the emulator itself only when first asked for. */
export async function startAuthEmulatorBroker(): Promise<void> {
  const broker: Broker = { server: http.createServer(), emulator: undefined };
  broker.server.on('request', (_request, response) => {
    // No kept-alive socket: a worker's next file would reuse it just as the server's 5 s keep-alive
    // timeout closes it, and its fetch fail with "other side closed" (a fresh-clone run did).
    response.setHeader('Connection', 'close');
    broker.emulator ??= startPrivateAuthEmulator();
    broker.emulator.then(
      ({ host }) => response.end(JSON.stringify({ host })),
      (error: unknown) => {
        // The next file asks again rather than inheriting one failed start.
        broker.emulator = undefined;
        response.statusCode = 500;
        response.end(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
      },
    );
  });
  await new Promise<void>((resolve) => broker.server.listen(0, '127.0.0.1', resolve));
  globalThis.serviceTestAuthBroker = broker;
  const { port } = broker.server.address() as AddressInfo;
  process.env[AUTH_EMULATOR_BROKER_VARIABLE] = `http://127.0.0.1:${port}/`;
}

/** globalTeardown: the emulator (if any file asked for it), then the broker. */
export async function stopAuthEmulatorBroker(): Promise<void> {
  const broker = globalThis.serviceTestAuthBroker;
  if (!broker) return;
  globalThis.serviceTestAuthBroker = undefined;
  await broker.emulator?.then(
    (emulator) => emulator.stop(),
    () => undefined,
  );
  broker.server.closeAllConnections();
  await new Promise((resolve) => broker.server.close(resolve));
}

/**
 * The run's Auth emulator (started on the first call); outside a Jest run with the broker (a
 * script importing the test support), a private one. `stop()` is the run's business: a no-op here.
 */
export async function runAuthEmulator(): Promise<AuthEmulator> {
  const broker = process.env[AUTH_EMULATOR_BROKER_VARIABLE];
  if (!broker) return startPrivateAuthEmulator();
  // Should the broker still drop a request, the file starts a private emulator of its own, as before
  // the broker, rather than failing every test.
  const response = await fetch(broker).catch(() => null);
  if (!response) return startPrivateAuthEmulator();
  const body = (await response.json()) as { host?: string; error?: string };
  if (!body.host) throw new Error(`The test run's Auth emulator did not start: ${body.error ?? response.status}`);
  return { host: body.host, reused: true, stop: async () => undefined };
}
