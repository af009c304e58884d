/**
 * Every error leaves the service as JSON `{ "error": "<Japanese message>" }` (plus `fields` for
 * validation). Fastify's own English messages and stack traces never reach the client.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isStorageUnavailable } from './db/unavailable';

export const MESSAGES = {
  unauthorized: 'ログインが必要です。',
  invalidToken: 'ログインの有効期限が切れたか、認証情報が正しくありません。再度ログインしてください。',
  forbidden: '管理者権限が必要です。',
  articleNotFound: '記事が見つかりませんでした。',
  routeNotFound: 'お探しのAPIは存在しません。',
  invalidArticleId: '記事IDは正の整数で指定してください。',
  duplicateSlug: 'このスラッグは既に使われています。別のスラッグを指定してください。',
  missingRelated: (ids: readonly number[]) => `関連記事に存在しない記事IDが含まれています: ${ids.join(', ')}`,
  emptyContent: '本文を入力してください。',
  payloadTooLarge: '送信データが大きすぎます。',
  unsupportedMediaType: 'データはJSON形式（Content-Type: application/json）で送信してください。',
  malformedJson: 'JSONの形式が正しくありません。',
  invalidUtf8: '送信データの文字コードが正しくありません。UTF-8で送信してください。',
  malformedText: '使用できない文字（制御文字や不正な文字コード）が含まれています。',
  urlTooLong: 'URLが長すぎます。',
  headersTooLarge: 'リクエストのURLまたはヘッダーが大きすぎます。',
  requestTimeout: 'リクエストがタイムアウトしました。再度お試しください。',
  badRequest: 'リクエストの形式が正しくありません。',
  tooManyRequests: 'リクエストが多すぎます。しばらく待ってから再試行してください。',
  storageUnavailable: '記事データベースに一時的に接続できません。しばらく待ってから再試行してください。',
  userListUnavailable: 'ユーザー一覧を取得できませんでした。認証サービスの設定を確認してください。',
  internal: 'サーバーでエラーが発生しました。時間をおいて再度お試しください。',
} as const;

/** An error the routes raise on purpose; the handler sends it as is. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
    /** The release gate's problems, when it refused (routes/releases.ts). */
    readonly problems?: readonly string[],
    /** More fields of the body, e.g. a release write's `current` state when it expected another. */
    readonly extra?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ErrorBody {
  [field: string]: unknown;
  error: string;
  fields?: Record<string, string>;
  problems?: string[];
}

const MESSAGE_BY_FASTIFY_CODE: Readonly<Record<string, { status: number; message: string }>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: MESSAGES.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: MESSAGES.unsupportedMediaType },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: MESSAGES.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: MESSAGES.malformedJson },
};

function messageForStatus(status: number): string {
  if (status === 401) return MESSAGES.unauthorized;
  if (status === 403) return MESSAGES.forbidden;
  if (status === 404) return MESSAGES.routeNotFound;
  if (status === 408) return MESSAGES.requestTimeout;
  if (status === 413) return MESSAGES.payloadTooLarge;
  if (status === 414) return MESSAGES.urlTooLong;
  if (status === 415) return MESSAGES.unsupportedMediaType;
  if (status === 431) return MESSAGES.headersTooLarge;
  if (status === 429) return MESSAGES.tooManyRequests;
  return status >= 500 ? MESSAGES.internal : MESSAGES.badRequest;
}

/** Status and body for any error thrown inside a request. */
export function toErrorResponse(error: FastifyError | ApiError | Error): { status: number; body: ErrorBody } {
  if (error instanceof ApiError) {
    const body: ErrorBody = Object.assign({}, error.extra, { error: error.message });
    if (error.fields && Object.keys(error.fields).length > 0) body.fields = error.fields;
    if (error.problems && error.problems.length > 0) body.problems = [...error.problems];
    return { status: error.statusCode, body };
  }
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  const known = MESSAGE_BY_FASTIFY_CODE[code];
  if (known) return { status: known.status, body: { error: known.message } };

  const statusCode = 'statusCode' in error ? Number(error.statusCode) : NaN;
  const status = Number.isInteger(statusCode) && statusCode >= 400 && statusCode <= 599 ? statusCode : 500;
  return { status, body: { error: messageForStatus(status) } };
}

function sendError(reply: FastifyReply, { status, body }: { status: number; body: ErrorBody }) {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/**
 * Fastify option `frameworkErrors`: the router's own refusals (a URL that does not decode, a path
 * parameter over 100 characters) would otherwise answer in English and echo the URL.
 */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const response = toErrorResponse(error);
  request.log.info({ status: response.status, reason: error.code }, 'request rejected');
  void sendError(reply, response);
}

/**
 * Fastify option `clientErrorHandler`: requests Node's HTTP parser refuses before Fastify sees them
 * (headers over 16 KB, malformed request lines or bodies, timeouts). Same JSON shape, in Japanese.
 */
export function handleClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify({ error: messageForStatus(status) } satisfies ErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (isStorageUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      reply.header('retry-after', '5');
      return sendError(reply, { status: 503, body: { error: MESSAGES.storageUnavailable } });
    }
    const { status, body } = toErrorResponse(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, reason: body.error }, 'request rejected');
    return sendError(reply, { status, body });
  });

  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ error: MESSAGES.routeNotFound } satisfies ErrorBody),
  );
}
