// One release, promotion or rollback, as a team runs it (docs/releasing.md):
//
//   release: build (or take a built folder) → publish it to the artifact store as a new version →
//            ask the release registry service to make it live in an environment, or (--canary)
//            to serve it to a share of the visitors beside the live release. The service decides
//            (team rights, the gate against that environment's shell) and audits; when it
//            refuses, the folder just published is taken back if the service says the version is
//            named nowhere. Every write is one operation id, retried after a lost answer and acted
//            on only once its outcome is known (operation.ts).
//   promote: ask the service to make a version released before live in another environment:
//            the same folder, no build.
//   rollback: ask the service for the version before the live one in an environment, naming the
//            live version read just before (another change meanwhile is a 409, not a second step back).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type CanaryResult,
  type FlipResult,
  type CanaryPlanBody,
  type ReleaseBody,
  type ReleaseClient,
  ReleaseApiError,
  type ReleaseEnvironment,
} from 'shared-releases';
import { type ArtifactStore, assertVersionId } from './artifactStore';
import { buildRemoteInto } from './buildRemote';
import { printable } from './cli/terminalText';
import { ReleaseError } from './errors';
import { decidedWrite, OutcomeUnknownError } from './operation';
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

/**
 * After a decided refusal: the folder goes only when the service says the version is named
 * nowhere (no line, no canary, no history); any doubt keeps it (`--prune` cleans it up later).
 */
async function takeBackUnlessReferenced({ client, remote, version, store, log = () => {} }: ReleaseOptions) {
  const usage = await client.versionUsage(remote.federationName, version).catch(() => null);
  if (!usage || usage.referenced) {
    log(`${remote.workspace} ${version} のフォルダは残しました (リリースサービスが参照を確認できませんでした)。`);
    return;
  }
  // The refusal is the answer that matters: a store that fails to delete (a bucket unreachable)
  // leaves the folder for --prune, said, rather than hiding the service's sentence.
  await store.remove(remote, version).catch((error: unknown) => {
    log(
      `${remote.workspace} ${version} のフォルダは残しました (削除に失敗しました: ${error instanceof Error ? error.message : String(error)})。npm run releases -- --prune で後から削除できます。`,
    );
  });
}

/** Copies the built folder (or builds one) into the store as `version`, a version that must be new. */
async function publishFolder({ remote, version, store, fromDir, log = () => {} }: ReleaseOptions): Promise<void> {
  assertVersionId(version);
  if (await store.has(remote, version)) {
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
    await store.publish(remote, version, staging);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Publishes the folder, then asks the service (`ask`, one operation id for every try); a refusal
 * takes the folder back out when nothing names it; an unknown outcome leaves it.
 */
async function publishThenAsk<T>(
  options: ReleaseOptions,
  ask: (body: ReleaseBody, operationId: string) => Promise<T>,
): Promise<T> {
  const { version, commit, client } = options;
  await publishFolder(options);
  const body: ReleaseBody = commit ? { version, sourceCommit: commit } : { version };
  try {
    return await decidedWrite(client, (operationId) => ask(body, operationId));
  } catch (error) {
    // Unknown: the service may have made it live, and its files must stay served.
    if (error instanceof OutcomeUnknownError) throw error;
    if (error instanceof ReleaseApiError) await takeBackUnlessReferenced(options);
    return refusalOf(error);
  }
}

/**
 * A new version put in the store and nothing more (--publish-only): the リリース page's
 * カナリアを開始 (or a later `npm run canary`) makes it live. The service is asked first whether
 * the account may release the remote, so a member of another team uploads nothing; the folder is
 * named nowhere until then, and --prune takes it after its threshold (a day at least).
 */
export async function publishOnly(options: ReleaseOptions): Promise<void> {
  await currentState(options.client, options.remote, options.environment);
  await publishFolder(options);
}

/** A new version made live for every visitor of the environment. */
export function releaseRemote(options: ReleaseOptions): Promise<FlipResult> {
  return publishThenAsk(options, (body, id) =>
    options.client.release(options.remote.federationName, options.environment, body, id),
  );
}

/** A new version served to `percent` % of the environment's visitors, the live release to the rest. */
export function startCanaryRemote(
  options: ReleaseOptions & { percent: number; plan?: CanaryPlanBody | undefined },
): Promise<CanaryResult> {
  const { client, remote, environment, percent, plan } = options;
  return publishThenAsk(options, (body, id) =>
    client.startCanary(
      remote.federationName,
      environment,
      { ...body, canaryPercent: percent, ...(plan ? { canaryPlan: plan } : {}) },
      id,
    ),
  );
}

export async function promoteRemote(
  client: ReleaseClient,
  remote: Remote,
  version: string,
  environment: ReleaseEnvironment,
): Promise<FlipResult> {
  assertVersionId(version);
  return decidedWrite(client, (id) => client.promote(remote.federationName, environment, { version }, id)).catch(
    refusalOf,
  );
}

/** What the service shows now for the remote in the environment (the state a change names). */
/**
 * The live release and canary the account sees in an environment. The overview lists only the
 * remotes the account may release: one missing is the service's own word that it may not, said as
 * the service says it on a write.
 */
export async function currentState(client: ReleaseClient, remote: Remote, environment: ReleaseEnvironment) {
  const overview = await client.overview().catch(refusalOf);
  const listed = overview.remotes.find((entry) => entry.remote === remote.federationName);
  if (!listed) {
    throw new ReleaseError(
      `${remote.workspace} をリリースする権限がありません。${remote.workspace} チームのメンバーか管理者だけがリリースできます。`,
    );
  }
  const releases = listed.environments[environment];
  return { live: releases?.live?.version ?? null, canary: releases?.canary?.version ?? null };
}

export async function rollbackRemote(
  client: ReleaseClient,
  remote: Remote,
  environment: ReleaseEnvironment,
): Promise<FlipResult> {
  const { live } = await currentState(client, remote, environment);
  return decidedWrite(client, (id) =>
    client.rollback(remote.federationName, environment, { expectedLive: live }, id),
  ).catch(refusalOf);
}
