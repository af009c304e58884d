/**
 * The world of the fault tests, as deployed on one machine: one PostgreSQL, two instances of the
 * release service on it (serviceInstances.ts) behind nginx, the Auth emulator the CLI signs in at,
 * a file server for the artifact store and the shell's manifest (storeServer.ts), and the proxy
 * that can lose answers (answerProxy.ts) between the CLI and nginx. Everything listens on a free
 * port, so several test files run at once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createReleaseClient, type ReleaseClient } from 'shared-releases';
import { type PostgresServer, runAuthEmulator, startPostgres } from 'service-kit/testing';
import { freePort } from 'local-stack/processes.mjs';
import { type Nginx, startNginx } from 'local-stack/topology/nginx';
import { type ArtifactStore, createLocalArtifactStore } from '../../src/artifactStore';
import { releaseIdToken } from '../../src/credentials';
import { findRemote, type Remote } from '../../src/remotes';
import { type AnswerProxy, startAnswerProxy } from './answerProxy';
import { type ServiceInstances, startServiceInstances } from './serviceInstances';
import { type StoreServer, startStoreServer } from './storeServer';

export const ADMIN_EMAIL = 'admin@example.com';
const CLI_RETRY = { RELEASE_RETRY_DELAY_MS: '200', RELEASE_RETRY_ATTEMPTS: '6' };
const PROJECT = 'demo-ai-manabi';
const shared = (name: string, version: string, requiredVersion: string) => ({
  name,
  version,
  singleton: true,
  requiredVersion,
});

export interface FaultWorldOptions {
  /** TEST_FAILPOINT of every instance (src/testFailpoint.ts). */
  failpoint?: 'kill-after-flip-commit';
}

export interface FaultWorld {
  remote: Remote;
  postgres: PostgresServer;
  services: ServiceInstances;
  nginx: Nginx;
  proxy: AnswerProxy;
  storeServer: StoreServer;
  /** The CLI's artifact store (the local folder the file server serves). */
  store: ArtifactStore;
  storeDir: string;
  /** The CLI's own client, signed in as the admin, through the proxy; `timeoutMs` per request. */
  client(timeoutMs?: number): ReleaseClient;
  /** A built folder of the remote; `react`: the range it requires of the shell's React. */
  builtFolder(name: string, react?: string): string;
  /** A signed-in read through nginx (not the proxy), or of one instance (`origin`): what the checks read. */
  read<T>(apiPath: string, origin?: string): Promise<{ status: number; body: T }>;
  stop(): Promise<void>;
}

export async function startFaultWorld({ failpoint }: FaultWorldOptions = {}): Promise<FaultWorld> {
  const stoppers: (() => Promise<unknown> | void)[] = [];
  const stop = async () => {
    for (const stopper of stoppers.reverse()) await stopper();
    stoppers.length = 0;
  };
  try {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'release-faults-'));
    stoppers.push(() => fs.rmSync(root, { recursive: true, force: true }));
    const storeDir = path.join(root, 'store');
    fs.mkdirSync(path.join(root, 'shell'), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'shell', 'mf-manifest.json'),
      JSON.stringify({ name: 'shell', exposes: [], shared: [shared('react', '19.2.0', '^19.2.0')] }),
    );
    const storeServer = await startStoreServer(root);
    stoppers.push(() => storeServer.close());

    // The slow starts side by side; all let finish, so whatever started is stopped. The Auth
    // emulator is the test run's own (service-kit's runAuthEmulator: started once, for every file
    // that needs one), not one per world: four worlds' CLIs starting beside the browser suite on a
    // slow machine took over 90 s each (a CI run); outside Jest (the bench) it is a private one.
    const ports = [await freePort(), await freePort()];
    const emulatorStarted = runAuthEmulator().then((emulator) => {
      stoppers.push(() => emulator.stop());
      return emulator;
    });
    const postgresStarted = startPostgres().then((postgres) => {
      stoppers.push(() => postgres.stop());
      return postgres;
    });
    const startServices = async () => {
      const [postgres, emulator] = await Promise.all([postgresStarted, emulatorStarted]);
      const services = await startServiceInstances(ports, {
        DATABASE_URL: postgres.url(),
        // A small pool each: two instances share one server.
        DATABASE_POOL_MAX: '5',
        FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
        FIREBASE_PROJECT_ID: PROJECT,
        ADMIN_EMAILS: ADMIN_EMAIL,
        TRUST_PROXY: '1',
        LOG_LEVEL: 'warn',
        RELEASE_PUBLIC_URL: storeServer.publicUrl,
        RELEASE_SHELL_MANIFEST: storeServer.shellManifestUrl,
        // A bench run makes 1,000 writes in minutes as one account: the per-account limit is not under test.
        RATE_LIMIT_WRITE_MAX: '100000',
        ...(failpoint ? { TEST_FAILPOINT: failpoint } : {}),
      });
      stoppers.push(() => services.stop());
      await services.ready();
      return { postgres, services, emulatorHost: emulator.host };
    };
    const [started] = await Promise.allSettled([startServices(), emulatorStarted, postgresStarted]);
    if (started.status === 'rejected') throw started.reason;
    const { postgres, services, emulatorHost } = started.value;
    const nginx = await startNginx({ port: await freePort(), webServerPorts: [], apiPorts: ports });
    stoppers.push(() => nginx.stop());
    const proxy = await startAnswerProxy(nginx.origin);
    stoppers.push(() => proxy.close());

    // The CLI's retry settings (tooling/release/src/operation.ts reads them as a CI job would set
    // them): the first wait 200 ms, not 1 s, doubled over 6 tries (12 s in all, past an
    // instance's or PostgreSQL's restart), so a run spends its time on faults, not on waiting.
    Object.assign(process.env, CLI_RETRY);
    // Signed in once, as the CLI does per command (an emulator account; the service's admin).
    const token = releaseIdToken({ RELEASE_AUTH_EMULATOR: emulatorHost, RELEASE_EMAIL: ADMIN_EMAIL });
    const remote = findRemote('admin-console');
    return {
      remote,
      postgres,
      services,
      nginx,
      proxy,
      storeServer,
      store: createLocalArtifactStore(storeDir),
      storeDir,
      client: (timeoutMs) =>
        createReleaseClient({
          baseUrl: `${proxy.origin}/api`,
          getIdToken: () => token,
          ...(timeoutMs === undefined ? {} : { timeoutMs }),
        }),
      builtFolder(name, react = '^19.0.0') {
        const dir = path.join(root, 'built', name);
        fs.mkdirSync(path.join(dir, 'static'), { recursive: true });
        const manifest = {
          name: remote.federationName,
          exposes: [{ name: 'routes', path: './routes' }],
          shared: [shared('react', '19.2.0', react)],
        };
        fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
        fs.writeFileSync(path.join(dir, 'static', 'main.js'), `console.log(${JSON.stringify(name)});`);
        return dir;
      },
      async read<T>(apiPath: string, origin = nginx.origin) {
        const response = await fetch(`${origin}/api${apiPath}`, {
          headers: { authorization: `Bearer ${await token}` },
        });
        // nginx's own error pages are HTML: null then (the status says what happened).
        const text = await response.text();
        return { status: response.status, body: (text.startsWith('{') ? JSON.parse(text) : null) as T };
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
