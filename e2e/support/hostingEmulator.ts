/**
 * The production builds served by the Firebase Hosting emulator exactly as firebase.json would
 * have Hosting serve them (scripts/hosting), on free loopback ports: a temporary firebase.json and
 * .firebaserc (targets → demo sites) beside the staged files, `firebase emulators:start --only
 * hosting` for the demo project, stopped and removed at the end.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { repoRoot, webApps } from 'local-stack/apps.mjs';
import { freePort, stopChild } from 'local-stack/processes.mjs';
import { appConfigFor, DEFAULT_DEPLOYMENT, hostingConfig, stageBuilds } from 'local-stack/hosting.mjs';
import { paced } from './pace';

const PROJECT = 'demo-ai-manabi';

export interface HostingEmulator {
  /** app workspace → http://127.0.0.1:<port> */
  origins: (typeof DEFAULT_DEPLOYMENT)['origins'];
  /** The hosting section the emulator serves (what the test compares headers with). */
  hosting: ReturnType<typeof hostingConfig>;
  stop(): Promise<void>;
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * The emulator puts the first site on the configured port and site i (i ≥ 1) on port + 4 + i:
 * a base whose whole set is free, so the registry and CSP can name the sites before they start.
 */
async function sitePorts(count: number): Promise<number[]> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    const ports = Array.from({ length: count }, (_, i) => (i === 0 ? base : base + 4 + i));
    if ((await Promise.all(ports.map(isFree))).every(Boolean)) return ports;
  }
  throw new Error('no free set of ports for the Hosting emulator');
}

export async function startHostingEmulator(): Promise<HostingEmulator> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai-manabi-hosting-'));
  const ports = await sitePorts(webApps.length);
  const origins = Object.fromEntries(
    webApps.map((app, i) => [app.workspace, `http://127.0.0.1:${ports[i]}`]),
  ) as (typeof DEFAULT_DEPLOYMENT)['origins'];
  const deployment = { ...DEFAULT_DEPLOYMENT, origins };
  // The demo project signs in against the Auth emulator the e2e stack runs on 9099.
  const appConfig = appConfigFor(deployment, { emulatorPort: 9099, adminEmails: ['admin@example.com'] });
  stageBuilds(path.join(dir, 'public'), deployment, appConfig);
  const hosting = hostingConfig(deployment, { appConfig, root: 'public' });

  const [hub, logging] = [await freePort(), await freePort()];
  const emulators = {
    hosting: { port: ports[0], host: '127.0.0.1' },
    hub: { port: hub, host: '127.0.0.1' },
    logging: { port: logging, host: '127.0.0.1' },
    ui: { enabled: false },
  };
  fs.writeFileSync(path.join(dir, 'firebase.json'), JSON.stringify({ emulators, hosting }));
  const sites = Object.fromEntries(webApps.map((app) => [app.workspace, [`${PROJECT}-${app.workspace}`]]));
  fs.writeFileSync(
    path.join(dir, '.firebaserc'),
    JSON.stringify({ projects: { default: PROJECT }, targets: { [PROJECT]: { hosting: sites } } }),
  );

  const child = spawn(
    path.join(repoRoot, 'node_modules/.bin/firebase'),
    ['emulators:start', '--only', 'hosting', '--project', PROJECT, '--config', path.join(dir, 'firebase.json')],
    {
      cwd: dir,
      env: { ...process.env, CI: '1', NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_EXPERIMENTS: '' },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    await stopChild(child, 'SIGTERM', { killAfterMs: 15_000 }); // the CLI and its emulators share a group
    fs.rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + paced(90_000);
  while (!/All emulators ready/.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the Hosting emulator did not start:\n${output.slice(-3_000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // Each site logs where it serves: it must be where the registry and the CSP say it is.
  for (const app of webApps) {
    const origin = origins[app.workspace as keyof typeof origins];
    const served = new RegExp(`hosting\\[${app.workspace}\\].*Local server: http://127\\.0\\.0\\.1:(\\d+)`).exec(
      stripVTControlCharacters(output),
    );
    if (served?.[1] !== new URL(origin).port) {
      await stop();
      throw new Error(`hosting[${app.workspace}] is not on ${origin}:\n${output.slice(-3_000)}`);
    }
  }
  return { origins, hosting, stop };
}
