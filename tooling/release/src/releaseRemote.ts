// One release, promotion or rollback, as a team runs it (docs/releasing.md):
//
//   release: build (or take a built folder) → publish it to the artifact store as a new version →
//            ask the release registry service to make it live in an environment. The service
//            decides (team rights, the gate against that environment's shell) and audits; when it
//            refuses, the folder just published is taken back, so nothing is left of the attempt.
//   promote: ask the service to make a version released before live in another environment:
//            the same folder, no build.
//   rollback: ask the service for the version before the live one in an environment.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type FlipResult, type ReleaseClient, ReleaseApiError, type ReleaseEnvironment } from 'shared-releases';
import { type ArtifactStore, assertVersionId } from './artifactStore';
import { buildRemoteInto } from './buildRemote';
import { ReleaseError } from './errors';
import { assertPublishable } from './releaseFolder';
import { type Remote, repoRoot } from './remotes';

export type Log = (line: string) => void;

/** The service's refusal as the CLI prints it: its sentence, then the gate's problems. */
export function refusalOf(error: unknown): never {
  if (error instanceof ReleaseApiError) throw new ReleaseError(error.message, error.problems);
  throw error;
}

/** The commit the release is built from, when the checkout is a git repository. */
export function sourceCommit(dir = repoRoot): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}

export interface ReleaseOptions {
  remote: Remote;
  version: string;
  environment: ReleaseEnvironment;
  store: ArtifactStore;
  client: ReleaseClient;
  /** Release this built folder instead of building. */
  fromDir?: string | undefined;
  commit?: string | undefined;
  log?: Log;
}

export async function releaseRemote({
  remote,
  version,
  environment,
  store,
  client,
  fromDir,
  commit,
  log = () => {},
}: ReleaseOptions): Promise<FlipResult> {
  assertVersionId(version);
  if (store.has(remote, version)) {
    throw new ReleaseError(
      `${remote.workspace} のバージョン ${version} は既にあります。別の --version を指定してください。`,
    );
  }
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), `release-${remote.workspace}-`));
  try {
    if (fromDir) {
      // Refused here too, so the message names the folder given (the store sees only the copy).
      assertPublishable(fromDir);
      fs.cpSync(fs.realpathSync(fromDir), staging, { recursive: true });
    } else {
      log(`${remote.workspace} をビルドしています (${version}) ...`);
      await buildRemoteInto(remote, staging, version);
    }
    store.publish(remote, version, staging);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  try {
    const body = commit ? { version, sourceCommit: commit } : { version };
    return await client.release(remote.federationName, environment, body);
  } catch (error) {
    // Refused (or unanswered): the version is not live anywhere, so its folder goes again. Had the
    // service flipped it after all (the answer lost on the way), the id stays spent on its side.
    store.remove(remote, version);
    return refusalOf(error);
  }
}

export async function promoteRemote(
  client: ReleaseClient,
  remote: Remote,
  version: string,
  environment: ReleaseEnvironment,
): Promise<FlipResult> {
  assertVersionId(version);
  return client.promote(remote.federationName, environment, { version }).catch(refusalOf);
}

export async function rollbackRemote(
  client: ReleaseClient,
  remote: Remote,
  environment: ReleaseEnvironment,
): Promise<FlipResult> {
  return client.rollback(remote.federationName, environment).catch(refusalOf);
}
