// Child processes that are started, awaited and stopped together.
import { spawn } from 'node:child_process';
import net from 'node:net';

/** Starts a long-running child in its own process group, prefixing its output with a label. */
export function startChild(label, command, args, { cwd, env, quiet = false } = {}) {
  const child = spawn(command, args, {
    cwd,
    env: Object.assign({}, process.env, env),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const forward = (stream, target) =>
    stream.on('data', (chunk) => {
      if (quiet) return;
      for (const line of chunk.toString().split('\n')) if (line.trim()) target.write(`[${label}] ${line}\n`);
    });
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  return child;
}

/**
 * Stops a child and everything it started (its process group): `signal`, then SIGKILL for what is
 * still running after `killAfterMs` (the Firebase CLI wants longer to shut its emulators down).
 */
export function stopChild(child, signal = 'SIGTERM', { killAfterMs = 5000 } = {}) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, killAfterMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    try {
      process.kill(-child.pid, signal);
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
}

/** Polls a URL until it answers (any HTTP status) or the time runs out. */
export async function waitForUrl(url, { timeoutMs = 60000, child, label = url } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`${label} exited with code ${child.exitCode} before it was ready`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  throw new Error(`${label} was not ready at ${url} after ${timeoutMs / 1000} s`);
}

export async function isUp(url) {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1500) });
    return true;
  } catch {
    return false;
  }
}

/** A TCP port on 127.0.0.1 that was free a moment ago, for a server the caller starts next. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
