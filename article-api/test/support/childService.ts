/**
 * The service as a real child process (support/childServer.ts: the fake token verifier, config
 * from the environment, an ephemeral port). For tests that kill it, restart it or load it.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import path from 'node:path';

export interface ChildService {
  child: ChildProcessWithoutNullStreams;
  port: number;
  /** SIGKILL: no shutdown hook runs, nothing is flushed. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM: the service finishes in-flight requests and closes the database. */
  stop(): Promise<void>;
}

function exited(child: ChildProcessWithoutNullStreams): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startChildService(env: Record<string, string>): Promise<ChildService> {
  // `--import tsx` keeps the service in this one process (the tsx CLI would fork a grandchild SIGKILL misses).
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'childServer.ts')], {
    env: {
      ...process.env,
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      LOG_LEVEL: 'silent',
      ...env,
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /READY (\d+)/.exec(output);
      if (ready) resolve(Number(ready[1]));
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`service exited (${code}) before it was ready:\n${output}`)));
  });
  return {
    child,
    port,
    kill: async () => {
      child.kill('SIGKILL');
      await exited(child);
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}
