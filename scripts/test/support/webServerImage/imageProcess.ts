/**
 * The image's process without a container engine: the runtime folder staged by the build stage's
 * script into a temporary folder outside the repository (like /app), and the final stage's CMD and
 * HEALTHCHECK run there with its ENV plus what a deployment gives.
 */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './connections';
import { command, healthcheck, imageEnv, repoRoot, stagingScript } from './dockerfile';
import { paced } from 'service-kit/testing/pace';

let workDir: string;
let app: string;
/** The staged WORKDIR. */
export const stagedApp = () => app;
const children = new Set<ChildProcess>();

/** Stages the runtime folder (building the shell first where it is not built yet). */
export function stageImage(): void {
  // Jest runs before `npm test` builds the apps: a clean checkout has no shell build yet. The
  // shell is built here then (web-server/dist is left alone: `npm install` and `npm test` build it,
  // and other tests import it meanwhile); `npm test` later finds it fresh and does not build it again.
  const shellBuilt = ['index.html', 'server/main.js'].every((file) =>
    fs.existsSync(path.join(repoRoot, 'shell', 'dist', file)),
  );
  if (!shellBuilt) {
    const build = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', "(await import('./scripts/build.mjs')).buildApps({ only: ['shell'] });"],
      { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    if (build.status !== 0) throw new Error(`the shell's build failed (exit ${build.status})`);
  }
  // Outside the repository, like /app: no node_modules above it to resolve a missing package from.
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-server-image-'));
  app = path.join(workDir, 'app');
  const staging = spawnSync(process.execPath, [stagingScript, app], { cwd: repoRoot, encoding: 'utf8' });
  if (staging.status !== 0) throw new Error(`staging failed:\n${staging.stdout}${staging.stderr}`);
}

/** Kills what is still running and removes the staged folder. */
export function removeImage(): void {
  for (const child of children) child.kill('SIGKILL');
  fs.rmSync(workDir, { recursive: true, force: true });
}

export interface Running {
  child: ChildProcess;
  port: number;
  listening: { host: string; port: number; siteOrigin: string };
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The image's CMD in the staged WORKDIR, with only the image's ENV and `deployment` (a container's environment). */
export function run(deployment: Record<string, string | undefined>): {
  child: ChildProcess;
  output: () => string;
  exited: Running['exited'];
} {
  const [program, ...args] = command;
  if (program !== 'node') throw new Error(`CMD starts ${program}, not node`);
  const env = Object.fromEntries(
    Object.entries({ PATH: process.env.PATH, ...imageEnv, ...deployment }).filter(([, value]) => value !== undefined),
  ) as NodeJS.ProcessEnv;
  const child = spawn(process.execPath, args, { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    }),
  );
  return { child, output: () => output, exited };
}

/** Starts the image's command and resolves once its "listening" line is out. */
export async function start(deployment: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const started = run({ ...deployment, PORT: String(port) });
  const listening = await new Promise<Running['listening']>((resolve, reject) => {
    // Its render workers load the shell's server build first: a few seconds alone, far more on a
    // slow machine busy with the browser suite.
    const limit = paced(20_000);
    const timer = setTimeout(() => reject(new Error(`not listening after ${limit} ms:\n${started.output()}`)), limit);
    const look = () => {
      const line = started
        .output()
        .split('\n')
        .find((text) => text.includes('"web-server listening"'));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line) as Running['listening']);
      }
    };
    started.child.stdout!.on('data', look);
    void started.exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code}) before listening:\n${started.output()}`));
    });
  });
  return { ...started, port, listening };
}

/** The image's HEALTHCHECK command, in the container's environment (its PORT). */
export function runHealthcheck(port: number): Promise<number> {
  const [program, ...args] = healthcheck;
  if (program !== 'node') throw new Error(`HEALTHCHECK runs ${program}, not node`);
  return new Promise((resolve) => {
    const child = execFile(process.execPath, args, {
      cwd: app,
      env: { PATH: process.env.PATH, ...imageEnv, PORT: String(port) },
      timeout: 10_000,
    });
    child.on('exit', (code) => resolve(code ?? -1));
  });
}
