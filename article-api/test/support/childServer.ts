/**
 * Runs the service in a child process (for the durability test): config from the environment,
 * the fake token verifier, an ephemeral port announced on stdout as "READY <port>".
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { fakeVerifyToken } from './testApp';

const app = buildApp({ config: loadConfig(), verifyToken: fakeVerifyToken, listUsers: async () => [], logger: false });
app.listen({ port: 0, host: '127.0.0.1' }).then(
  () => process.stdout.write(`READY ${(app.server.address() as AddressInfo).port}\n`),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
