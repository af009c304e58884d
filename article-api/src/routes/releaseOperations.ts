/**
 * Operation ids on the release routes (docs/releasing.md, "Operation ids"): every write names
 * itself with the header `Idempotency-Key`; a write whose outcome is stored under that id answers
 * it again (header `Idempotent-Replayed: true`) instead of acting twice, and the same id with
 * another request is a 422. The outcome itself is stored by the services, in the transaction of
 * the change or of the refusal's audit line (releases/checks.ts, db/*ReleaseRepository.ts).
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OPERATION_ID } from 'shared-releases';
import type { AuthenticatedUser } from '../auth/types';
import { OperationExistsError, type OperationRecord, type ReleaseRepository } from '../db/releaseRepository';
import { ApiError } from '../errors';
import type { OperationContext } from '../releases/operations';

export const OPERATION_MESSAGES = {
  missingKey:
    'Idempotency-Key ヘッダーに操作 ID (英数字と _ - の 16〜128 文字、例: crypto.randomUUID()) を指定してください。再送するときは同じ ID を使ってください。',
  keyReused: 'この操作 ID は別の内容のリクエストで使われています。新しい操作には新しい ID を指定してください。',
  unknown:
    'この操作 ID の結果はありません (届いていないか、完了していません)。同じ ID で同じリクエストを再送できます。',
} as const;

/** The request's operation id; a missing or malformed one is a 400 before anything is read or written. */
export function operationIdOf(request: FastifyRequest): string {
  const value = request.headers['idempotency-key'];
  if (typeof value !== 'string' || !OPERATION_ID.test(value)) throw new ApiError(400, OPERATION_MESSAGES.missingKey);
  return value;
}

/** JSON with every object's keys sorted: the same body in another key order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Method, path and a hash of the canonical body (no body is `{}`, as the routes read it). */
export function fingerprintOf(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? request.url;
  const body = createHash('sha256')
    .update(canonical(request.body ?? {}))
    .digest('hex');
  return `${request.method} ${path} ${body}`;
}

function replay(stored: OperationRecord, fingerprint: string, reply: FastifyReply) {
  if (stored.fingerprint !== fingerprint) throw new ApiError(422, OPERATION_MESSAGES.keyReused);
  return reply.code(stored.status).header('idempotent-replayed', 'true').send(stored.body);
}

/**
 * Runs a write once per (actor, operation id): a stored outcome is answered again; otherwise
 * `run` decides and its services store the outcome; one stored meanwhile by a concurrent request
 * with the same id (OperationExistsError: this one's change was rolled back) is answered instead.
 */
export async function once(
  repo: Pick<ReleaseRepository, 'operation'>,
  request: FastifyRequest,
  reply: FastifyReply,
  successStatus: number,
  run: (operation: OperationContext) => Promise<unknown>,
) {
  const user: AuthenticatedUser = request.user!;
  const operationId = operationIdOf(request);
  const fingerprint = fingerprintOf(request);
  const stored = await repo.operation(user.uid, operationId);
  if (stored) return replay(stored, fingerprint, reply);
  try {
    return reply.code(successStatus).send(await run({ operationId, fingerprint, successStatus }));
  } catch (error) {
    if (!(error instanceof OperationExistsError)) throw error;
    const winner = await repo.operation(user.uid, operationId);
    if (!winner) throw error;
    return replay(winner, fingerprint, reply);
  }
}

/** GET /api/releases/operations/:id — the outcome stored under the signed-in actor and that id. */
export async function operationOutcome(
  repo: Pick<ReleaseRepository, 'operation'>,
  request: FastifyRequest,
  id: string,
) {
  if (!OPERATION_ID.test(id)) throw new ApiError(400, OPERATION_MESSAGES.missingKey);
  const stored = await repo.operation(request.user!.uid, id);
  if (!stored) throw new ApiError(404, OPERATION_MESSAGES.unknown, undefined, undefined, { operation: 'unknown' });
  return { operationId: id, status: stored.status, body: stored.body, replayed: true as const };
}
