/** A service's maintenance commands (db:migrate, the copies and moves) as its data-move tests run them, and a work folder. */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Runs a command of `scriptsDir` as `npm run …` would (tsx), with only the given database settings. */
export const commandRunner = (scriptsDir: string) =>
  async function command(name: string, env: Record<string, string>, args: string[] = []) {
    const { DATABASE_URL: _url, DATABASE_PATH: _path, ...inherited } = process.env;
    try {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(scriptsDir, name), ...args], {
        env: { ...inherited, ...env },
      });
      return { code: 0, output: stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, output: `${failed.stdout}${failed.stderr}` };
    }
  };

/** A fresh temporary folder for each test (removed after it); read it inside a test. */
export function useTempDir(prefix: string): () => string {
  let dir: string | undefined;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  });
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });
  return () => {
    if (!dir) throw new Error('useTempDir: the folder exists only inside a test');
    return dir;
  };
}
