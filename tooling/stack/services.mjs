// The services (article-api, release-service) as their image runs them: `node dist/server.js`,
// built from the current source (service-kit/build.mjs, about 0.2 s) the first time a process
// asks for one, so that `npm start`, the browser suite, Jest's and the bench's services never run
// a build older than the source, with no build step of their own to forget.
import path from 'node:path';
import { buildService } from 'service-kit/build';
import { repoRoot } from './apps.mjs';

/** @type {Map<string, Promise<string>>} */
const builds = new Map();

/**
 * The path of `workspace`'s production command, `<workspace>/dist/server.js`, built once per
 * process (a failed build is tried again on the next call).
 * @param {string} workspace
 * @returns {Promise<string>}
 */
export function builtServiceEntry(workspace) {
  let entry = builds.get(workspace);
  if (!entry) {
    entry = buildService(path.join(repoRoot, workspace));
    builds.set(workspace, entry);
    entry.catch(() => builds.delete(workspace));
  }
  return entry;
}
