/**
 * The release registry's client, for the admin console's リリース page and the release CLI: one
 * place that knows the routes, sends the ID token and turns every refusal into a ReleaseApiError
 * carrying the service's Japanese message (and the gate's problems when it refused).
 */
import type { ReleaseEnvironment } from './environments';
import type { AuditPage, CanaryResult, FlipResult, RegistryDocument, ReleaseErrorBody, ReleaseOverview } from './types';
import type { AuditQuery, PromoteBody, ReleaseBody } from './schemas';

export class ReleaseApiError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when no response arrived. */
    readonly status: number,
    /** The gate's problems, when it refused. */
    readonly problems: readonly string[] = [],
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

export interface ReleaseClient {
  registry(environment: ReleaseEnvironment): Promise<RegistryDocument>;
  overview(): Promise<ReleaseOverview>;
  audit(query?: AuditQuery): Promise<AuditPage>;
  release(remote: string, environment: ReleaseEnvironment, body: ReleaseBody): Promise<FlipResult>;
  promote(remote: string, environment: ReleaseEnvironment, body: PromoteBody): Promise<FlipResult>;
  rollback(remote: string, environment: ReleaseEnvironment): Promise<FlipResult>;
  /** A new release as a canary: `body.canaryPercent` of the visitors. */
  startCanary(remote: string, environment: ReleaseEnvironment, body: ReleaseBody): Promise<CanaryResult>;
  setCanaryPercent(remote: string, environment: ReleaseEnvironment, percent: number): Promise<CanaryResult>;
  promoteCanary(remote: string, environment: ReleaseEnvironment): Promise<CanaryResult>;
  abortCanary(remote: string, environment: ReleaseEnvironment): Promise<CanaryResult>;
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
  );
}

export function createReleaseClient({
  baseUrl,
  getIdToken = async () => null,
  fetch: fetchImpl = globalThis.fetch.bind(globalThis),
  timeoutMs = 30_000,
}: ReleaseClientOptions): ReleaseClient {
  const base = baseUrl.replace(/\/+$/, '');

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const token = await getIdToken();
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
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
    release: (remote, environment, body) => call('POST', at(remote, environment), body),
    promote: (remote, environment, body) => call('POST', `${at(remote, environment)}/promote`, body),
    rollback: (remote, environment) => call('POST', `${at(remote, environment)}/rollback`, {}),
    startCanary: (remote, environment, body) => call('POST', at(remote, environment), body),
    setCanaryPercent: (remote, environment, percent) => call('POST', `${at(remote, environment)}/canary`, { percent }),
    promoteCanary: (remote, environment) => call('POST', `${at(remote, environment)}/canary/promote`, {}),
    abortCanary: (remote, environment) => call('POST', `${at(remote, environment)}/canary/abort`, {}),
  };
}
