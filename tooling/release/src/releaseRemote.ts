// One release, promotion or rollback, as a team runs it (docs/releasing.md):
//
//   release: build (or take a built folder) → publish it to the artifact store as a new version →
//            ask the release registry service to make it live in an environment, or (--canary)
//            to serve it to a share of the visitors beside the live release. The service decides
//            (team rights, the gate against that environment's shell) and audits; when it
//            refuses, the folder just published is taken back, so nothing is left of the attempt.
//   promote: ask the service to make a version released before live in another environment:
//            the same folder, no build.
//   rollback: ask the service for the version before the live one in an environment.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type CanaryResult,
  type FlipResult,
  type ReleaseBody,
  type ReleaseClient,
  ReleaseApiError,
  type ReleaseEnvironment,
} from 'shared-releases';
import { type ArtifactStore, assertVersionId } from './artifactStore';
import { buildRemoteInto } from './buildRemote';
import { printable } from './cli/terminalText';
import { ReleaseError } from './errors';
import { assertPublishable } from './releaseFolder';
import { type Remote, repoRoot } from './remotes';

export type Log = (line: string) => void;

/**
 * The service's refusal as the CLI prints it: its sentence, then the gate's problems, each made one
 * printable line here (cli/terminalText.ts): a line break in them is the service's, not the CLI's.
 */
export function refusalOf(error: unknown): never {
  if (error instanceof ReleaseApiError) throw new ReleaseError(printable(error.message), error.problems.map(printable));
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

/** Publishes the folder, then asks the service (`ask`); a refusal takes the folder back out. */
async function publishThenAsk<T>(
  { remote, version, store, fromDir, commit, log = () => {} }: ReleaseOptions,
  ask: (body: ReleaseBody) => Promise<T>,
): Promise<T> {
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
    return await ask(commit ? { version, sourceCommit: commit } : { version });
  } catch (error) {
    // Refused (or unanswered): the version is not served anywhere, so its folder goes again. Had
    // the service carried it out after all (the answer lost on the way), the id stays spent on its side.
    store.remove(remote, version);
    return refusalOf(error);
  }
}

/** A new version made live for every visitor of the environment. */
export function releaseRemote(options: ReleaseOptions): Promise<FlipResult> {
  return publishThenAsk(options, (body) =>
    options.client.release(options.remote.federationName, options.environment, body),
  );
}

/** A new version served to `percent` % of the environment's visitors, the live release to the rest. */
export function startCanaryRemote(options: ReleaseOptions & { percent: number }): Promise<CanaryResult> {
  const { client, remote, environment, percent } = options;
  return publishThenAsk(options, (body) =>
    client.startCanary(remote.federationName, environment, { ...body, canaryPercent: percent }),
  );
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
