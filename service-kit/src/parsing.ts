/**
 * Request parsing: bodies and queries validated by a zod schema with a Japanese message per field
 * (zod's own English never reaches a client).
 */
import type { z } from 'zod';
import { ApiError, MESSAGES } from './errors';

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

/** A Japanese sentence for each of zod's issues: its own message when the schema wrote one. */
function messageOf(issue: z.core.$ZodIssue): string {
  const field = issue.path.join('.');
  if (issue.code === 'unrecognized_keys') return `使えない項目があります: ${issue.keys.join(', ')}`;
  // The schemas' own messages (shared-releases/src/schemas.ts) are Japanese already.
  if (JAPANESE.test(issue.message)) return issue.message;
  if (issue.code === 'invalid_type') {
    return field === '' ? MESSAGES.badRequest : `${field} の形式が正しくありません。`;
  }
  return `${field || 'リクエスト'} の値が正しくありません。`;
}

export function parsed<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  // No body at all is an empty one; a JSON null is a body of the wrong type.
  const result = schema.safeParse(value === undefined ? {} : value);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || 'body'] ??= messageOf(issue);
  const first = Object.values(fields)[0] ?? MESSAGES.badRequest;
  throw new ApiError(400, first, fields);
}
