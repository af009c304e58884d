// The live remote registry (remote name → manifest URL) that the shell's server sends as
// /mf-remotes.json and renders with. Each remote starts from its deployed line (the deployment
// configuration); the shared release registry file, written by `npm run release`, overrides the
// lines of released remotes. Read per request (one stat): a release or a rollback is live at the
// next page, on every instance that shares the file, without a restart.
//
// A registry file that goes missing or turns malformed never takes the site back to other
// manifests: the last good lines stay in service, and the problem is logged once per change.
import fs from 'node:fs';
import deployables from '../../scripts/lib/deployables.cjs';

export type Registry = Record<string, string>;

/** The remotes the shell loads (federation names), from the one list of deployables. */
export const REMOTE_NAMES = deployables.remotes.map((app) => app.federationName) as [string, ...string[]];
const remoteNames = new Set<string>(REMOTE_NAMES);

/** Keeps known remote names whose value is an absolute http(s) URL; null when `raw` is no object. */
export function validRegistryLines(raw: unknown): Registry | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const lines: Registry = {};
  for (const [name, url] of Object.entries(raw)) {
    if (!remoteNames.has(name) || typeof url !== 'string') continue;
    try {
      const parsed = new URL(url);
      if (parsed.protocol === 'http:' || parsed.protocol === 'https:') lines[name] = parsed.href;
    } catch {
      /* not an absolute URL */
    }
  }
  return lines;
}

interface FileState {
  /** inode, size and mtime of what was read last; null: no file. */
  key: string | null;
  /** The last lines read successfully (kept through a missing or malformed file). */
  good: Registry | null;
}
const files = new Map<string, FileState>();

/**
 * The released lines of a registry file. One stat per call; parsed again only when the file was
 * replaced (a release renames a new file over it) or rewritten.
 */
export function readRegistryFile(file: string, log: (message: string) => void = console.error): Registry {
  const state = files.get(file) ?? { key: null, good: null };
  files.set(file, state);
  let stat: fs.Stats | undefined;
  try {
    // No release yet is the common case on a fresh machine: no exception (and its stack) per call.
    stat = fs.statSync(file, { throwIfNoEntry: false });
  } catch (error) {
    stat = undefined;
    if (state.key !== 'error')
      log(`registry ${file} cannot be read (${(error as Error).message}); keeping the last good lines`);
    state.key = 'error';
    return state.good ?? {};
  }
  if (!stat) {
    if (state.good && state.key !== null) log(`registry ${file} is gone; keeping the last good lines`);
    state.key = null;
    return state.good ?? {};
  }
  const key = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
  if (state.key === key) return state.good ?? {};
  state.key = key;
  let lines: Registry | null = null;
  let problem = 'it holds no JSON object';
  try {
    lines = validRegistryLines(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch (error) {
    problem = (error as Error).message;
  }
  if (lines) state.good = lines;
  else log(`registry ${file} is malformed (${problem}); keeping the last good lines`);
  return state.good ?? {};
}

/** The registry to serve now: the deployed lines with the released ones over them. */
export function liveRegistry(base: Registry, file: string | null, log?: (message: string) => void): Registry {
  return file ? Object.assign({}, base, readRegistryFile(file, log)) : base;
}
