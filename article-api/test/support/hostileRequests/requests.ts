/** What every generated request is built from: a valid article to spoil, the admin's header, a JSON request. */
import type { Prng } from 'service-kit/testing';
import type { HostileContext, HostileRequest } from './types';

export const BODY_LIMIT = 256 * 1024;
export const JSON_TYPE = 'application/json';

export const baseArticle = (prng: Prng) => ({
  title: `検証用の記事 ${prng.int(1, 1e6)}`,
  category: prng.pick(['生成AI初心者', '日常生活', 'AI副業', 'AI活用', 'AIニュース']),
  date: '2025-06-15',
  content: '<p>本文です。</p>',
});
export type Body = Record<string, unknown>;

export const bearerOf = (ctx: HostileContext): Record<string, string> => ({
  authorization: `Bearer ${ctx.adminToken}`,
});

/** A JSON body; `expected` defaults to 400, or 413 once the body exceeds the limit. */
export function jsonCase(
  ctx: HostileContext,
  label: string,
  body: unknown,
  options: { expected?: readonly number[]; target?: 'post' | 'put'; raw?: boolean } = {},
): HostileRequest {
  const text = options.raw ? String(body) : JSON.stringify(body);
  const target = options.target ?? ctx.prng.pick(['post', 'put'] as const);
  const size = Buffer.byteLength(text);
  return {
    label,
    method: target === 'post' ? 'POST' : 'PUT',
    path: target === 'post' ? '/api/articles' : `/api/articles/${ctx.prng.pick(ctx.ids)}`,
    headers: { ...bearerOf(ctx), 'content-type': JSON_TYPE },
    body: text,
    expected: options.expected ?? (size > BODY_LIMIT ? [413] : [400]),
  };
}
