/**
 * What a run of flips with lost answers left behind, counted (every count but `operations` and
 * `answersLost` must be 0): what the registry serves against the artifact store, the audit log
 * against the operations, and every answer given under an operation id against the outcome the
 * service stored for it. The audit rows are counted in the database itself, past the API.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { RegistryDocument } from 'shared-releases';
import type { Exchange } from './answerProxy';
import type { FaultWorld } from './faultWorld';
import { ENVIRONMENT, type FaultKind, type Operation } from './flipScenario';

export interface FaultFigures {
  kind: FaultKind;
  operations: number;
  /** Operations whose first answer never reached the CLI (dropped, killed, timed out). */
  answersLost: number;
  /** Operations whose tries did not all carry one and the same id. */
  idsNotOne: number;
  /** Answers under an id (a try, a replay, the outcome asked for, the CLI's result) unlike the stored outcome. */
  answersUnlikeFirstOutcome: number;
  /** Operations decided otherwise than expected (a release refused, a gate's refusal carried out). */
  unexpectedDecisions: number;
  /** Registry lines and canaries naming a version whose files are missing from the store. */
  linesMissingFiles: number;
  /** Versions carried out whose folder is gone, or refused whose folder was left. */
  foldersWrong: number;
  /** Audit rows missing for an operation decided. */
  auditRowsLost: number;
  /** Audit rows beyond one per operation (a retry audited twice, a conflict of an operation with itself). */
  auditRowsExtra: number;
}

interface StoredOutcome {
  operationId: string;
  status: number;
  body: unknown;
}

/** A decision stored under an id: a change, or a refusal by the services (contract, "Operation ids"). */
const decided = (status: number | null) =>
  status !== null && ((status >= 200 && status < 300) || [403, 404, 409, 422].includes(status));
const parsed = (body: string): unknown => {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
};

/**
 * The same JSON value, key order aside. (Not isDeepStrictEqual: under Jest, what fetch parsed and
 * what the test parsed come from two realms, whose Object prototypes differ.)
 */
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(',')}]`
    : value !== null && typeof value === 'object'
      ? `{${Object.keys(value)
          .sort()
          .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
          .join(',')}}`
      : JSON.stringify(value);
const sameJson = (a: unknown, b: unknown) => canonical(a) === canonical(b);

const postsOf = (operation: Operation) => operation.exchanges.filter((exchange) => exchange.method === 'POST');

/** The answers given under the operation's id, as the service stored them. */
function answersUnder(operation: Operation, id: string): { status: number; body: unknown }[] {
  const answers: { status: number; body: unknown }[] = [];
  for (const exchange of operation.exchanges.filter((candidate: Exchange) => candidate.operationId === id)) {
    if (exchange.method === 'POST' && decided(exchange.status))
      answers.push({ status: exchange.status!, body: parsed(exchange.body) });
    if (exchange.method === 'GET' && exchange.status === 200) {
      const { status, body } = parsed(exchange.body) as StoredOutcome;
      answers.push({ status, body });
    }
  }
  return answers;
}

/** The CLI's answer, in the stored outcome's terms. */
const cliAgrees = (outcome: Operation['outcome'], stored: StoredOutcome) =>
  outcome.ok
    ? stored.status < 300 && sameJson(outcome.result, stored.body)
    : stored.status >= 400 && (stored.body as { error?: string }).error === outcome.message;

async function auditCounts(world: FaultWorld, prefix: string): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: world.postgres.url() });
  await client.connect();
  try {
    const { rows } = await client.query<{ action: string; outcome: string; version: string; n: number }>(
      `SELECT action, outcome, version, count(*)::int AS n FROM release_audit
        WHERE remote = $1 AND environment = $2 AND version LIKE $3 GROUP BY 1, 2, 3`,
      [world.remote.federationName, ENVIRONMENT, `${prefix}-%`],
    );
    return new Map(rows.map((row) => [`${row.action} ${row.outcome} ${row.version}`, row.n]));
  } finally {
    await client.end();
  }
}

/** The local file a manifest URL of the store names (null: not the store's). */
function storeFile(world: FaultWorld, manifestUrl: string): string | null {
  if (!manifestUrl.startsWith(`${world.storeServer.origin}/store/`)) return null;
  return path.join(path.dirname(world.storeDir), new URL(manifestUrl).pathname);
}

/** The figures of a run in which nothing went wrong: every count of a fault 0. */
export const NO_FAULTS: Readonly<Omit<FaultFigures, 'kind' | 'operations'>> = {
  answersLost: 0,
  idsNotOne: 0,
  answersUnlikeFirstOutcome: 0,
  unexpectedDecisions: 0,
  linesMissingFiles: 0,
  foldersWrong: 0,
  auditRowsLost: 0,
  auditRowsExtra: 0,
};

export async function checkFaultRun(
  world: FaultWorld,
  kind: FaultKind,
  operations: Operation[],
  prefix: string,
): Promise<FaultFigures> {
  const figures: FaultFigures = Object.assign({ kind, operations: operations.length }, NO_FAULTS);
  for (const operation of operations) {
    const posts = postsOf(operation);
    const ids = new Set(posts.map((exchange) => exchange.operationId));
    const first = posts[0];
    if (!first || first.delivered !== 'answer' || !decided(first.status)) figures.answersLost += 1;
    const id = [...ids][0];
    if (ids.size !== 1 || !id) {
      figures.idsNotOne += 1;
      continue;
    }
    const { status, body: stored } = await world.read<StoredOutcome>(`/releases/operations/${encodeURIComponent(id)}`);
    if (status !== 200) {
      figures.answersUnlikeFirstOutcome += 1;
      continue;
    }
    const unlike = answersUnder(operation, id).filter(
      (answer) => answer.status !== stored.status || !sameJson(answer.body, stored.body),
    );
    figures.answersUnlikeFirstOutcome += unlike.length + (cliAgrees(operation.outcome, stored) ? 0 : 1);
    if (stored.status < 300 !== (operation.expected === 'done')) figures.unexpectedDecisions += 1;
    // A canary's promotion publishes nothing: its folder is the canary's, checked there.
    if (operation.action !== 'canary-promote') {
      const kept = await world.store.has(world.remote, operation.version);
      if (kept !== (operation.expected === 'done')) figures.foldersWrong += 1;
    }
  }

  for (const environment of ['staging', 'production']) {
    const { body } = await world.read<RegistryDocument>(`/registry/${environment}`);
    const named = [...Object.values(body.lines), ...Object.values(body.canaries).map((canary) => canary.manifestUrl)];
    for (const manifestUrl of named) {
      const file = storeFile(world, manifestUrl);
      if (file === null || !fs.existsSync(file)) figures.linesMissingFiles += 1;
    }
  }

  const counts = await auditCounts(world, prefix);
  for (const operation of operations) {
    const key = `${operation.action} ${operation.expected} ${operation.version}`;
    const n = counts.get(key) ?? 0;
    if (n === 0) figures.auditRowsLost += 1;
    figures.auditRowsExtra += Math.max(0, n - 1);
    counts.delete(key);
  }
  for (const n of counts.values()) figures.auditRowsExtra += n;
  return figures;
}
