/**
 * A private article-api (or release service) for tests that write a lot or release: its own
 * throw-away database and a raised write limit (RATE_LIMIT_WRITE_MAX, through the service's config
 * module), so they neither hit the shared stack's 60 writes/min nor use up the budget of the tests
 * that run after them. The browser keeps calling the shared stack's service
 * (http://localhost:3001, or :3005 for the release service); `routeThrough` sends those calls here.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ChildProcess, spawn } from 'node:child_process';
import type { Page } from '@playwright/test';
import { repoRoot } from 'local-stack/apps.mjs';
import { builtServiceEntry } from 'local-stack/services.mjs';
import { paced } from './pace';

const SERVICES = {
  'article-api': { sharedOrigin: 'http://localhost:3001', database: 'articles.sqlite' },
  'release-service': { sharedOrigin: 'http://localhost:3005', database: 'releases.sqlite' },
} as const;
type Service = keyof typeof SERVICES;

export interface PrivateApi {
  /** e.g. http://localhost:4101/api */
  base: string;
  routeThrough(page: Page): Promise<void>;
  stop(): Promise<void>;
}

export function startPrivateApi(port = 4101, env: Record<string, string> = {}): Promise<PrivateApi> {
  return startPrivateService('article-api', port, env);
}

/** A private release service (releases, canaries, health reports) for a test's own releases. */
export function startPrivateReleaseService(port: number, env: Record<string, string> = {}): Promise<PrivateApi> {
  return startPrivateService('release-service', port, env);
}

async function startPrivateService(service: Service, port: number, env: Record<string, string>): Promise<PrivateApi> {
  const { sharedOrigin, database } = SERVICES[service];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ai-manabi-private-${service}-`));
  const child = spawn(process.execPath, [await builtServiceEntry(service)], {
    cwd: path.join(repoRoot, service),
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_PATH: path.join(dataDir, database),
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      FIREBASE_PROJECT_ID: 'demo-ai-manabi',
      ADMIN_EMAILS: 'admin@example.com',
      RATE_LIMIT_WRITE_MAX: '10000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const origin = `http://localhost:${port}`;
  await waitUntilHealthy(`${origin}/api/health`, child, service);
  return {
    base: `${origin}/api`,
    routeThrough: async (page) => {
      await page.route(`${sharedOrigin}/api/**`, (route) =>
        route.continue({ url: route.request().url().replace(sharedOrigin, origin) }),
      );
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitUntilHealthy(
  url: string,
  child: ChildProcess,
  service: Service,
  timeoutMs = paced(60_000),
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the private ${service} exited (${child.exitCode}) before it was ready`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  child.kill('SIGKILL');
  throw new Error(`the private ${service} was not ready at ${url} after ${timeoutMs / 1000} s`);
}
