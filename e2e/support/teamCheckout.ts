// Another team's checkout of the repository, as its CI would have it: the tracked sources copied
// to a temporary folder, node_modules linked to this repo's installed packages except the
// workspace packages, which point into the copy. A test edits the copy (bumps a shared package,
// uses a new export) and releases from it, while the repo and its dist/ stay untouched.
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from 'local-stack/apps.mjs';
import { buildCacheDir } from './build';

export interface TeamCheckout {
  dir: string;
  /** Rewrites a file of the copy (path relative to the checkout); throws when nothing changed. */
  edit(file: string, change: (text: string) => string): void;
  /** Makes node_modules/<name> a real copy of the installed package, so its files can be edited. */
  ownPackage(name: string): string;
  /** `npm run release -- <args>` from the checkout; resolves with the exit code and output. */
  release(args: string[], env: Record<string, string>): Promise<{ code: number; output: string }>;
  remove(): void;
}

/**
 * `text` with `from`, which must stand in it exactly once, replaced by `to`: an edit whose anchor
 * has moved on fails here, not as a build that does something else (a canary withdrawn on render
 * failures instead of its late paint).
 */
export function replaceOnce(text: string, from: string, to: string): string {
  const count = text.split(from).length - 1;
  if (count !== 1) throw new Error(`expected ${JSON.stringify(from)} once in the file, found it ${count} times`);
  return text.replace(from, () => to);
}

/**
 * Always the same folder for a Playwright worker (one file at a time in each): webpack's cache of
 * the checkout's builds (build.ts, buildCacheDir) holds modules by their path, so a second
 * checkout's build reuses every module its edits left alone. Left over from a stopped run, it is
 * made afresh.
 */
const checkoutDir = () => path.join(os.tmpdir(), `ai-manabi-team-checkout-${process.env.TEST_PARALLEL_INDEX ?? '0'}`);

export function createTeamCheckout(): TeamCheckout {
  const dir = checkoutDir();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir);
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' }).split('\0');
  for (const file of tracked.filter(Boolean)) {
    const from = path.join(repoRoot, file);
    if (!fs.existsSync(from)) continue;
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(from, path.join(dir, file));
  }
  const modules = path.join(dir, 'node_modules');
  fs.mkdirSync(modules);
  for (const entry of fs.readdirSync(path.join(repoRoot, 'node_modules'))) {
    const installed = path.join(repoRoot, 'node_modules', entry);
    const link = fs.lstatSync(installed).isSymbolicLink() ? fs.readlinkSync(installed) : null;
    // npm links a workspace package as ../<workspace>: keep it relative, so it is the copy's.
    const target = link && !path.isAbsolute(link) && !link.includes('node_modules') ? link : installed;
    fs.symlinkSync(target, path.join(modules, entry));
  }
  return {
    dir,
    edit(file, change) {
      const target = path.join(dir, file);
      const before = fs.readFileSync(target, 'utf8');
      const after = change(before);
      if (after === before) throw new Error(`the edit of ${file} changed nothing: has the file moved on?`);
      fs.writeFileSync(target, after);
    },
    ownPackage(name) {
      const target = path.join(modules, name);
      fs.rmSync(target);
      fs.cpSync(path.join(repoRoot, 'node_modules', name), target, { recursive: true, dereference: true });
      return target;
    },
    release(args, env) {
      return new Promise((resolve) => {
        execFile(
          process.execPath,
          [path.join(dir, 'scripts/release.mjs'), ...args],
          // Its builds keep webpack's cache as buildInto's from a checkout do.
          {
            cwd: dir,
            env: { ...process.env, MF_BUILD_CACHE: buildCacheDir(dir), ...env },
            maxBuffer: 16 * 1024 * 1024,
          },
          (error, stdout, stderr) =>
            resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}\n${stderr}` }),
        );
      });
    },
    remove() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
