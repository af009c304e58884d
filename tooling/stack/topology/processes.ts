// Child processes of the topology: each started with a clean environment (only what its
// production configuration names, so nothing of the test runner leaks into a "deployed" process),
// its output kept for the error message when it dies, and killed with the test worker whatever
// way that ends, so a failed run never leaves servers holding ports.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

export interface Service {
  readonly name: string;
  readonly child: ChildProcess;
  /** The last few KB of its stdout and stderr. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once it has exited. */
  readonly exited: Promise<number | string>;
}

const running = new Set<ChildProcess>();
// A synchronous last resort: Playwright ends a worker that timed out or crashed without running
// afterAll, and every child must go with it.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** The environment a deployed process gets: PATH and HOME, then its own settings. */
export const cleanEnv = (settings: Record<string, string>): NodeJS.ProcessEnv =>
  Object.assign({ PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp' }, settings);

export function startService(
  name: string,
  command: string,
  args: string[],
  { cwd, env }: { cwd?: string; env: NodeJS.ProcessEnv },
): Service {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve(code ?? signal ?? 'unknown');
    });
    child.once('error', (error) => {
      running.delete(child);
      output += `\n${error.message}`;
      resolve('spawn-error');
    });
  });
  return { name, child, output: () => output, exited };
}

/**
 * A service (article-api, release-service) as it is deployed: its production command, `node
 * <workspace>/dist/server.js` (`entry`, from local-stack/services.mjs's `builtServiceEntry`, which
 * the caller awaits once before its first start), one process that a SIGKILL reaches, on
 * 127.0.0.1:`port`, configured only by `settings`.
 */
export function startWorkspaceService(entry: string, port: number, settings: Record<string, string>): Service {
  const workspaceDir = path.dirname(path.dirname(entry));
  return startService(`${path.basename(workspaceDir)} :${port}`, process.execPath, [entry], {
    cwd: workspaceDir,
    env: cleanEnv(Object.assign({}, settings, { HOST: '127.0.0.1', PORT: String(port) })),
  });
}

export const isRunning = (service: Service) => service.child.exitCode === null && service.child.signalCode === null;

/** Sends `signal` and waits for the exit; SIGKILL after `killAfterMs` if it is still there. */
export async function stopService(service: Service, signal: NodeJS.Signals = 'SIGTERM', killAfterMs = 15_000) {
  if (!isRunning(service)) return service.exited;
  service.child.kill(signal);
  const timer = setTimeout(() => service.child.kill('SIGKILL'), killAfterMs);
  const code = await service.exited;
  clearTimeout(timer);
  return code;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `url` until it answers 200. A slow 2-core machine may take many seconds to start a
 * process (tsx compiles the API on the fly), hence the long deadline; a process that exits stops
 * the wait at once with its output.
 */
export async function waitForHealthy(service: Service, url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isRunning(service)) {
      throw new Error(`${service.name} exited (${await service.exited}) before ${url} answered:\n${service.output()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  throw new Error(`${service.name} did not answer 200 at ${url} within ${timeoutMs / 1000} s:\n${service.output()}`);
}
