/**
 * The release registry's client, for the admin console's リリース page and the release CLI: one
 * place that knows the routes, sends the ID token and turns every refusal into a ReleaseApiError
 * carrying the service's Japanese message (and the gate's problems when it refused).
 */
import type { ReleaseEnvironment } from './environments';
import type {
  AuditPage,
  CanaryResult,
  FlipResult,
  OperationOutcome,
  RegistryDocument,
  ReleaseErrorBody,
  ReleaseOverview,
  VersionUsage,
} from './types';
import type { CanarySeries, CanarySeriesQuery } from './series';
import type { AuditQuery, CanaryBody, CanaryDecisionBody, PromoteBody, ReleaseBody, RollbackBody } from './schemas';

export class ReleaseApiError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when no response arrived. */
    readonly status: number,
    /** The gate's problems, when it refused. */
    readonly problems: readonly string[] = [],
    /** The whole answer, e.g. a 409's `current` state. */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ReleaseApiError';
  }
}

export interface ReleaseClientOptions {
  /** The API's base, e.g. http://localhost:3001/api */
  baseUrl: string;
  /** The signed-in account's Firebase ID token (null: anonymous). */
  getIdToken?: () => Promise<string | null>;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * Every write takes the operation id of the action it carries out (`Idempotency-Key`): chosen by
 * the caller once per action (crypto.randomUUID()) and passed again on every retry of it, so a
 * retry after a lost answer gets the first outcome instead of acting twice.
 */
export interface ReleaseClient {
  registry(environment: ReleaseEnvironment): Promise<RegistryDocument>;
  overview(): Promise<ReleaseOverview>;
  audit(query?: AuditQuery): Promise<AuditPage>;
  release(remote: string, environment: ReleaseEnvironment, body: ReleaseBody, operationId: string): Promise<FlipResult>;
  promote(remote: string, environment: ReleaseEnvironment, body: PromoteBody, operationId: string): Promise<FlipResult>;
  rollback(
    remote: string,
    environment: ReleaseEnvironment,
    body: RollbackBody,
    operationId: string,
  ): Promise<FlipResult>;
  /** A new release as a canary: `body.canaryPercent` of the visitors. */
  startCanary(
    remote: string,
    environment: ReleaseEnvironment,
    body: ReleaseBody,
    operationId: string,
  ): Promise<CanaryResult>;
  setCanaryPercent(
    remote: string,
    environment: ReleaseEnvironment,
    body: CanaryBody,
    operationId: string,
  ): Promise<CanaryResult>;
  promoteCanary(
    remote: string,
    environment: ReleaseEnvironment,
    body: CanaryDecisionBody,
    operationId: string,
  ): Promise<CanaryResult>;
  abortCanary(
    remote: string,
    environment: ReleaseEnvironment,
    body: CanaryDecisionBody,
    operationId: string,
  ): Promise<CanaryResult>;
  /** A planned canary's steps held (pause) or let go again (resume). */
  holdCanary(
    remote: string,
    environment: ReleaseEnvironment,
    hold: 'pause' | 'resume',
    body: CanaryDecisionBody,
    operationId: string,
  ): Promise<CanaryResult>;
  /** The outcome stored under the operation id; null when nothing was decided under it (send it again). */
  operation(operationId: string): Promise<OperationOutcome | null>;
  /** Where a version is named (live, canary, history): its folder may go only when nowhere. */
  versionUsage(remote: string, version: string): Promise<VersionUsage>;
  /** A canary's figures over time beside the live release's (default: the one on the line now). */
  canarySeries(remote: string, environment: ReleaseEnvironment, query?: CanarySeriesQuery): Promise<CanarySeries>;
}

const UNREACHABLE = 'リリースサービスに接続できません。しばらく待ってから再試行してください。';
const FAILED = 'リリースサービスがエラーを返しました。';

function errorFrom(status: number, body: unknown): ReleaseApiError {
  const { error, problems } = (typeof body === 'object' && body !== null ? body : {}) as Partial<ReleaseErrorBody>;
  const list = Array.isArray(problems) ? problems.filter((p): p is string => typeof p === 'string') : [];
  return new ReleaseApiError(
    typeof error === 'string' && error !== '' ? error : `${FAILED} (HTTP ${status})`,
    status,
    list,
    body,
  );
}

export function createReleaseClient({
  baseUrl,
  getIdToken = async () => null,
  fetch: fetchImpl = globalThis.fetch.bind(globalThis),
  timeoutMs = 30_000,
}: ReleaseClientOptions): ReleaseClient {
  const base = baseUrl.replace(/\/+$/, '');

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, operationId?: string): Promise<T> {
    const token = await getIdToken();
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (operationId !== undefined) headers['idempotency-key'] = operationId;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new ReleaseApiError(UNREACHABLE, 0);
    }
    const parsed: unknown = await response.json().catch(() => null);
    if (!response.ok) throw errorFrom(response.status, parsed);
    if (parsed === null || typeof parsed !== 'object')
      throw new ReleaseApiError(`${FAILED} (応答が JSON ではありません)`, response.status);
    return parsed as T;
  }

  const at = (remote: string, environment: string) =>
    `/releases/${encodeURIComponent(remote)}/${encodeURIComponent(environment)}`;

  return {
    registry: (environment) => call('GET', `/registry/${encodeURIComponent(environment)}`),
    overview: () => call('GET', '/releases'),
    audit: (query = {}) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
      const search = params.toString();
      return call('GET', `/releases/audit${search ? `?${search}` : ''}`);
    },
    release: (remote, environment, body, id) => call('POST', at(remote, environment), body, id),
    promote: (remote, environment, body, id) => call('POST', `${at(remote, environment)}/promote`, body, id),
    rollback: (remote, environment, body, id) => call('POST', `${at(remote, environment)}/rollback`, body, id),
    startCanary: (remote, environment, body, id) => call('POST', at(remote, environment), body, id),
    setCanaryPercent: (remote, environment, body, id) => call('POST', `${at(remote, environment)}/canary`, body, id),
    promoteCanary: (remote, environment, body, id) =>
      call('POST', `${at(remote, environment)}/canary/promote`, body, id),
    abortCanary: (remote, environment, body, id) => call('POST', `${at(remote, environment)}/canary/abort`, body, id),
    holdCanary: (remote, environment, hold, body, id) =>
      call('POST', `${at(remote, environment)}/canary/${hold}`, body, id),
    async operation(operationId) {
      try {
        return await call<OperationOutcome>('GET', `/releases/operations/${encodeURIComponent(operationId)}`);
      } catch (error) {
        // 404 `operation: "unknown"`: nothing decided under this id; any other 404 is not that answer.
        const unknown = (error as ReleaseApiError).body as { operation?: unknown } | null;
        if (error instanceof ReleaseApiError && error.status === 404 && unknown?.operation === 'unknown') return null;
        throw error;
      }
    },
    versionUsage: (remote, version) =>
      call('GET', `/releases/${encodeURIComponent(remote)}/versions/${encodeURIComponent(version)}`),
    canarySeries: (remote, environment, query = {}) =>
      call(
        'GET',
        `${at(remote, environment)}/canary/series${query.version ? `?version=${encodeURIComponent(query.version)}` : ''}`,
      ),
  };
}
