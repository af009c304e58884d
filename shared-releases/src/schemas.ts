/**
 * Request bodies and query of the release routes, strict: an unknown key, a wrong type or a
 * version id that could leave its folder is a 400 before anything is read or written.
 */
import { z } from 'zod';
import { RELEASE_ENVIRONMENTS } from './environments';
import { VERSION_ID, VERSION_ID_RULE } from './versionId';

export const versionIdSchema = z.string().regex(VERSION_ID, `バージョン名は${VERSION_ID_RULE}`);

/** A git commit id (7–40 hex digits), as `git rev-parse` prints it. */
export const sourceCommitSchema = z
  .string()
  .regex(/^[0-9a-f]{7,40}$/, 'コミットは 7〜40 桁の16進数で指定してください。');

export const environmentSchema = z.enum(RELEASE_ENVIRONMENTS, {
  error: `環境は ${RELEASE_ENVIRONMENTS.join(' / ')} のどれかを指定してください。`,
});

/** POST /api/releases/:remote/:environment — make a newly published folder live. */
export const releaseBodySchema = z.strictObject({
  version: versionIdSchema,
  sourceCommit: sourceCommitSchema.optional(),
});

/** POST /api/releases/:remote/:environment/promote — make a version released elsewhere live here. */
export const promoteBodySchema = z.strictObject({ version: versionIdSchema });

/** POST /api/releases/:remote/:environment/rollback */
export const rollbackBodySchema = z.strictObject({});

export const auditQuerySchema = z.strictObject({
  remote: z.string().max(64).optional(),
  environment: environmentSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export type ReleaseBody = z.infer<typeof releaseBodySchema>;
export type PromoteBody = z.infer<typeof promoteBodySchema>;
export type AuditQuery = z.input<typeof auditQuerySchema>;
