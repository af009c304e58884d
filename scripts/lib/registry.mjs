// The live remote registry (remote name → manifest URL) that the shell's server sends as
// /mf-remotes.json. Released remotes come from the release store's registry file (written by
// `npm run release`, README "Releasing a remote"); a remote never released falls back to its
// local build. Read per request: a release or a rollback is live at the next page load,
// without a restart.
import fs from 'node:fs';
import path from 'node:path';
import { localRegistry, remotes, repoRoot } from './apps.mjs';

/** Where releases, the registry file and its history live (RELEASE_STORE_DIR, default .releases/). */
export function releaseStoreDir(env = process.env) {
  return path.resolve(env.RELEASE_STORE_DIR || path.join(repoRoot, '.releases'));
}

export const registryFileIn = (storeDir) => path.join(storeDir, 'mf-remotes.json');

const remoteNames = new Set(remotes.map((app) => app.federationName));

/** Keeps known remote names whose value is an absolute http(s) URL; drops everything else. */
export function validRegistryLines(raw) {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const lines = {};
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

// One stat per call; the file is parsed again only when it was replaced (a release renames a
// new file over it, so the inode changes) or rewritten.
const parsedFiles = new Map();

/** The released lines of a registry file; a missing or unreadable file means no release yet. */
export function readRegistryFile(file) {
  let stat;
  try {
    // No release yet is the common case on a fresh machine: no exception (and its stack) per call.
    stat = fs.statSync(file, { throwIfNoEntry: false });
  } catch {
    return {};
  }
  if (!stat) return {};
  const key = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
  const cached = parsedFiles.get(file);
  if (cached?.key === key) return cached.lines;
  let lines = {};
  try {
    lines = validRegistryLines(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch (error) {
    if (cached?.key !== key) console.error(`registry ${file} is unreadable, serving local builds: ${error.message}`);
  }
  parsedFiles.set(file, { key, lines });
  return lines;
}

/**
 * The registry to serve now: `{ public_site?, business_portal?, admin_console? }`, each a
 * manifest URL. Cheap enough to call per request.
 */
export function readLiveRegistry({ storeDir = releaseStoreDir(), fallback = localRegistry() } = {}) {
  return Object.assign({}, fallback, readRegistryFile(registryFileIn(storeDir)));
}
