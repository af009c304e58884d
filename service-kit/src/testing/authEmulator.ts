/**
 * The real Firebase Auth emulator for integration tests: reuses one already answering on the
 * port, otherwise starts `firebase emulators:start --only auth` and stops it afterwards.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './freePort';
import { paced } from './pace';

const REPO_ROOT = path.resolve(__dirname, '../../..');
const PROJECT_ID = 'demo-ai-manabi';

export interface AuthEmulator {
  /** host:port, the value of FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  reused: boolean;
  stop(): Promise<void>;
}

export interface EmulatorOptions {
  port?: number;
  /** firebase.json declaring the auth emulator on `port`. */
  configPath?: string;
  timeoutMs?: number;
}

async function isReady(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1_000) });
    return response.ok;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  const pid = child.pid;
  return new Promise((resolve) => {
    const forceKill = setTimeout(() => process.kill(-pid, 'SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(forceKill);
      resolve();
    });
    process.kill(-pid, 'SIGTERM'); // the CLI and whatever it started share the group
  });
}

export async function ensureAuthEmulator({
  port = 9099,
  configPath = path.join(REPO_ROOT, 'firebase.json'),
  timeoutMs = 90_000,
}: EmulatorOptions = {}): Promise<AuthEmulator> {
  const host = `127.0.0.1:${port}`;
  if (await isReady(port)) return { host, reused: true, stop: async () => {} };

  const env: NodeJS.ProcessEnv = { ...process.env, CI: '1', NO_UPDATE_NOTIFIER: '1' };
  delete env.FIREBASE_AUTH_EMULATOR_HOST;
  const child = spawn(
    path.join(REPO_ROOT, 'node_modules/.bin/firebase'),
    ['emulators:start', '--only', 'auth', '--project', PROJECT_ID, '--config', configPath],
    { cwd: REPO_ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  let exitedAt: number | null = null;
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.once('exit', () => (exitedAt = Date.now()));

  // The CLI takes 5–15 s on a quiet machine; a slow, busy one (a CI run) took over 90 s once.
  const startedAt = Date.now();
  while (Date.now() - startedAt < paced(timeoutMs)) {
    if (await isReady(port)) {
      // If ours lost a start race, another process owns the emulator: use it, stop nothing.
      const ours = exitedAt === null;
      return { host, reused: !ours, stop: () => (ours ? stopGroup(child) : Promise.resolve()) };
    }
    // Ours died (port taken, bad config): give a racing emulator a few seconds to answer, then give up.
    if (exitedAt !== null && Date.now() - exitedAt > 5_000) break;
    await sleep(500);
  }
  await stopGroup(child);
  throw new Error(`The Auth emulator did not start on ${host}:\n${output.slice(-2_000)}`);
}

/**
 * An emulator of the calling test file's own, on a free port: the shared one on 9099 belongs to
 * whichever run started it (an end-to-end stack, another test file) and may stop mid-test.
 */
export async function startPrivateAuthEmulator(timeoutMs = 90_000): Promise<AuthEmulator> {
  const port = await freePort();
  // The CLI's hub and logging servers too: their default ports (4400, 4500) collide when two test
  // projects (SQLite and PostgreSQL) each start a private emulator at the same moment.
  const [hubPort, loggingPort] = [await freePort(), await freePort()];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'article-api-auth-emulator-'));
  const configPath = path.join(dir, 'firebase.json');
  const config = {
    emulators: {
      auth: { port, host: '127.0.0.1' },
      hub: { port: hubPort, host: '127.0.0.1' },
      logging: { port: loggingPort, host: '127.0.0.1' },
      ui: { enabled: false },
      singleProjectMode: false,
    },
  };
  writeFileSync(configPath, JSON.stringify(config));
  const emulator = await ensureAuthEmulator({ port, configPath, timeoutMs });
  return {
    ...emulator,
    stop: async () => {
      await emulator.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Signs up an e-mail/password user on the emulator and returns its ID token. */
export async function signUpOnEmulator(host: string, email: string, password = 'test-password-123'): Promise<string> {
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken?: string; error?: { message?: string } };
  if (!response.ok || !body.idToken)
    throw new Error(`emulator sign-up failed: ${body.error?.message ?? response.status}`);
  return body.idToken;
}

/** The emulator's admin API: `Bearer owner` stands for service-account credentials. */
async function emulatorAdmin(host: string, projectId: string, action: string, body: object): Promise<unknown> {
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/projects/${projectId}/${action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`emulator ${action} failed: ${response.status} ${text}`);
  return JSON.parse(text) as unknown;
}

/** Creates an account in any project on the emulator (not only the default one); returns its uid. */
export async function createAccountInProject(host: string, projectId: string, email: string): Promise<string> {
  const { localId } = (await emulatorAdmin(host, projectId, 'accounts', { email, password: 'test-password-123' })) as {
    localId: string;
  };
  return localId;
}

export async function disableAccount(host: string, uid: string, projectId = PROJECT_ID): Promise<void> {
  await emulatorAdmin(host, projectId, 'accounts:update', { localId: uid, disableUser: true });
}

/** Revokes every token issued before now (as `revokeRefreshTokens` does). */
export async function revokeTokens(host: string, uid: string, projectId = PROJECT_ID): Promise<void> {
  const validSince = String(Math.floor(Date.now() / 1000) + 1);
  await emulatorAdmin(host, projectId, 'accounts:update', { localId: uid, validSince });
}
