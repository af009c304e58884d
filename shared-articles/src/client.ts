import type { AdminUser, Article, BusinessArticle, ServerInfo } from './contract';
import { loadContract, type Contract } from './lazyContract';
import type { ZodMini } from './zod';
import type { ArticleInput } from './types';

/** What the caller was doing; picks the fallback message when the API gives none. */
export type ApiOperation = 'load' | 'create' | 'update' | 'delete' | 'loadUsers' | 'loadServerInfo';

/** Spec section 8: shown when the response carries no `error` field or the service is unreachable. */
export const FALLBACK_ERROR_MESSAGES: Readonly<Record<ApiOperation, string>> = {
  load: '記事の取得に失敗しました。',
  create: '記事の作成に失敗しました。',
  update: '記事の更新に失敗しました。',
  delete: '記事の削除に失敗しました。',
  loadUsers: 'ユーザー一覧の取得に失敗しました。',
  loadServerInfo: 'サーバー情報の取得に失敗しました。',
};

export class ArticleApiError extends Error {
  /** HTTP status; 0 when no response arrived (network failure, service down, timeout). */
  readonly status: number;
  /** Per-field validation messages from a 400, keyed by input field name. */
  readonly fieldErrors?: Record<string, string>;
  /** The service answered `status`, but the body broke the contract (./contract.ts): the service is broken. */
  readonly malformedResponse: boolean;

  constructor(
    message: string,
    status: number,
    fieldErrors?: Record<string, string>,
    { malformedResponse = false, cause }: { malformedResponse?: boolean; cause?: unknown } = {},
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'ArticleApiError';
    this.status = status;
    this.malformedResponse = malformedResponse;
    if (fieldErrors) this.fieldErrors = fieldErrors;
  }
}

export interface ArticleClientOptions {
  /** e.g. http://localhost:3001/api */
  baseUrl: string;
  /** The signed-in user's Firebase ID token, or null when signed out. */
  getIdToken?: () => Promise<string | null>;
  fetch?: typeof fetch;
  /** Abort a request after this many ms. No timeout by default (spec section 7). */
  timeoutMs?: number;
}

export interface ArticleClient {
  list(): Promise<Article[]>;
  get(id: number): Promise<Article>;
  getBySlug(slug: string): Promise<Article>;
  create(input: ArticleInput): Promise<Article>;
  update(id: number, input: ArticleInput): Promise<Article>;
  remove(id: number): Promise<void>;
  listBusiness(): Promise<BusinessArticle[]>;
  getBusinessBySlug(slug: string): Promise<BusinessArticle>;
  listUsers(): Promise<AdminUser[]>;
  getServerInfo(): Promise<ServerInfo>;
}

interface ErrorBody {
  error?: unknown;
  fields?: unknown;
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((entry) => typeof entry === 'string')
  );
}

async function errorFromResponse(response: Response, operation: ApiOperation): Promise<ArticleApiError> {
  let body: ErrorBody = {};
  try {
    body = ((await response.json()) ?? {}) as ErrorBody;
  } catch {
    // Not JSON (a proxy's HTML error page, say): the fallback message applies.
  }
  const message = typeof body.error === 'string' && body.error !== '' ? body.error : FALLBACK_ERROR_MESSAGES[operation];
  return new ArticleApiError(message, response.status, isStringRecord(body.fields) ? body.fields : undefined);
}

/**
 * The service answered, but not with what the contract says. The user reads the spec's fallback
 * message (section 8: no `error` field, so the operation's own message); what was wrong is for
 * developers, in `malformedResponse` and `cause`.
 */
function malformedResponse(operation: ApiOperation, status: number, cause: unknown): ArticleApiError {
  return new ArticleApiError(FALLBACK_ERROR_MESSAGES[operation], status, undefined, { malformedResponse: true, cause });
}

async function parseBody<T>(
  schema: Promise<ZodMini.ZodMiniType<T>>,
  response: Response,
  operation: ApiOperation,
): Promise<T> {
  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    throw malformedResponse(operation, response.status, cause);
  }
  let check: ZodMini.ZodMiniType<T>;
  try {
    check = await schema;
  } catch {
    // The contract's chunk did not load (offline, say): as unreachable as the service itself.
    throw new ArticleApiError(FALLBACK_ERROR_MESSAGES[operation], 0);
  }
  const parsed = check.safeParse(body);
  if (!parsed.success) throw malformedResponse(operation, response.status, parsed.error);
  return parsed.data;
}

/** Which of the contract's schemas a successful answer must match. */
type Answer<T> = (contract: Contract) => ZodMini.ZodMiniType<T>;

export function createArticleClient(options: ArticleClientOptions): ArticleClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  // Looked up per call, not captured: an unbound window.fetch throws "Illegal invocation".
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function idToken(): Promise<string | null> {
    try {
      return (await options.getIdToken?.()) ?? null;
    } catch {
      // Without a token a protected route answers 401 with its own message, which says more.
      return null;
    }
  }

  /** One call: `answer` is what a successful answer must contain (null for 204 No Content). */
  async function request<T>(
    operation: ApiOperation,
    answer: Answer<T> | null,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<T> {
    // The contract loads while the request is under way; its failure is read once there is an answer.
    const schema = answer && loadContract().then(answer);
    schema?.catch(() => undefined);
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = await idToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';

    const controller = options.timeoutMs !== undefined ? new AbortController() : undefined;
    const timer = controller ? setTimeout(() => controller.abort(), options.timeoutMs) : undefined;
    try {
      let response: Response;
      try {
        response = await fetchImpl(`${baseUrl}${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: controller?.signal,
        });
      } catch {
        throw new ArticleApiError(FALLBACK_ERROR_MESSAGES[operation], 0);
      }
      if (!response.ok) throw await errorFromResponse(response, operation);
      if (!schema) return undefined as T;
      return await parseBody(schema, response, operation);
    } finally {
      clearTimeout(timer);
    }
  }

  const segment = encodeURIComponent;
  return {
    list: () => request('load', (c) => c.articleListSchema, 'GET', '/articles'),
    get: (id) => request('load', (c) => c.articleSchema, 'GET', `/articles/${segment(String(id))}`),
    getBySlug: (slug) => request('load', (c) => c.articleSchema, 'GET', `/articles/slug/${segment(slug)}`),
    create: (input) => request('create', (c) => c.articleSchema, 'POST', '/articles', input),
    update: (id, input) => request('update', (c) => c.articleSchema, 'PUT', `/articles/${segment(String(id))}`, input),
    remove: (id) => request('delete', null, 'DELETE', `/articles/${segment(String(id))}`),
    listBusiness: () => request('load', (c) => c.businessArticleListSchema, 'GET', '/business/articles'),
    getBusinessBySlug: (slug) =>
      request('load', (c) => c.businessArticleSchema, 'GET', `/business/articles/${segment(slug)}`),
    listUsers: () => request('loadUsers', (c) => c.adminUserListSchema, 'GET', '/admin/users'),
    getServerInfo: () => request('loadServerInfo', (c) => c.serverInfoSchema, 'GET', '/admin/info'),
  };
}
