/**
 * Request bodies and query of the release routes, strict: an unknown key, a wrong type or a
 * version id that could leave its folder is a 400 before anything is read or written.
 */
import { z } from 'zod';
import { CANARY_MAX_PERCENT, CANARY_MIN_PERCENT, HEALTH_REPORT_LIMITS, VIEW_TOKEN_MAX_LENGTH } from './canary';
import { RELEASE_ENVIRONMENTS } from './environments';
import { VERSION_ID, VERSION_ID_RULE } from './versionId';
import { VITAL_METRICS } from './vitals';

export const versionIdSchema = z.string().regex(VERSION_ID, `バージョン名は${VERSION_ID_RULE}`);

/** A git commit id (7–40 hex digits), as `git rev-parse` prints it. */
export const sourceCommitSchema = z
  .string()
  .regex(/^[0-9a-f]{7,40}$/, 'コミットは 7〜40 桁の16進数で指定してください。');

export const environmentSchema = z.enum(RELEASE_ENVIRONMENTS, {
  error: `環境は ${RELEASE_ENVIRONMENTS.join(' / ')} のどれかを指定してください。`,
});

/**
 * The live version the operator saw (null: the remote's deployed build): a write decided on a page
 * or a state read before another change is refused (409) instead of acting on what is current now.
 */
export const expectedLiveSchema = z
  .string({ error: '確認した公開中のバージョン (expectedLive、配備ビルドなら null) を指定してください。' })
  .regex(VERSION_ID, `バージョン名は${VERSION_ID_RULE}`)
  .nullable();

/** The canary's version the operator saw. */
export const expectedCanarySchema = z
  .string({ error: '確認したカナリアのバージョン (expectedCanary) を指定してください。' })
  .regex(VERSION_ID, `バージョン名は${VERSION_ID_RULE}`);

/**
 * The operation id of a write (header `Idempotency-Key`), chosen by the client once per action and
 * sent again on every retry of it: 16–128 characters of letters, digits, `_` and `-` (a UUID fits).
 */
export const OPERATION_ID = /^[A-Za-z0-9_-]{16,128}$/;

/** POST /api/releases/:remote/:environment — make a newly published folder live. */
export const canaryPercentSchema = z
  .number({ error: `カナリアの割合は ${CANARY_MIN_PERCENT}〜${CANARY_MAX_PERCENT} の整数 (%) で指定してください。` })
  .int(`カナリアの割合は ${CANARY_MIN_PERCENT}〜${CANARY_MAX_PERCENT} の整数 (%) で指定してください。`)
  .min(
    CANARY_MIN_PERCENT,
    `カナリアの割合は ${CANARY_MIN_PERCENT}〜${CANARY_MAX_PERCENT} の整数 (%) で指定してください。`,
  )
  .max(
    CANARY_MAX_PERCENT,
    `カナリアの割合は ${CANARY_MIN_PERCENT}〜${CANARY_MAX_PERCENT} の整数 (%) で指定してください。`,
  );

/**
 * POST /api/releases/:remote/:environment — make a newly published folder live, or, with
 * `canaryPercent`, serve it to that share of visitors beside the live release.
 */
/** The longest soak a step may ask for (a day), and the most steps a plan has. */
export const CANARY_MAX_SOAK_SECONDS = 86_400;
export const CANARY_MAX_STEPS = 10;

/** A canary's plan as a start asks for it (the service refuses a soak below its configured least). */
export const canaryPlanSchema = z.strictObject({
  steps: z
    .array(canaryPercentSchema, { error: 'カナリアのステップは割合 (%) の配列で指定してください。' })
    .min(1, 'カナリアのステップを 1 つ以上指定してください。')
    .max(CANARY_MAX_STEPS, `カナリアのステップは ${CANARY_MAX_STEPS} 個までです。`)
    .refine(
      (steps) => steps.every((step, index) => index === 0 || step > steps[index - 1]!),
      'カナリアのステップは増えていく順に指定してください (例: 1,10,50)。',
    ),
  soakSeconds: z
    .number({ error: 'ステップの保持時間 (soakSeconds) は秒の整数で指定してください。' })
    .int('ステップの保持時間 (soakSeconds) は秒の整数で指定してください。')
    .min(1, 'ステップの保持時間は 1 秒以上です。')
    .max(CANARY_MAX_SOAK_SECONDS, `ステップの保持時間は ${CANARY_MAX_SOAK_SECONDS} 秒 (1 日) までです。`),
});

export const releaseBodySchema = z.strictObject({
  version: versionIdSchema,
  sourceCommit: sourceCommitSchema.optional(),
  canaryPercent: canaryPercentSchema.optional(),
  /** with canaryPercent (its first step): the service advances the canary by itself */
  canaryPlan: canaryPlanSchema.optional(),
  expectedLive: expectedLiveSchema.optional(),
});

/** POST /api/releases/:remote/:environment/canary — change the running canary's share. */
export const canaryBodySchema = z.strictObject({ percent: canaryPercentSchema, expectedCanary: expectedCanarySchema });

/** POST …/canary/promote and …/canary/abort: the canary the operator saw. */
export const canaryDecisionBodySchema = z.strictObject({ expectedCanary: expectedCanarySchema });

/** A body that must be `{}`. */
export const emptyBodySchema = z.strictObject({});

const healthCount = z
  .number({ error: '件数は整数で指定してください。' })
  .int('件数は整数で指定してください。')
  .min(0, '件数は 0 以上です。')
  .max(HEALTH_REPORT_LIMITS.maxCount, `件数は 1 回の報告で ${HEALTH_REPORT_LIMITS.maxCount} までです。`);

/** registry name, e.g. public_site */
const healthRemote = z.string().regex(/^[a-z_]{1,40}$/, 'リモート名が正しくありません。');
/** the manifest URL the page loaded the remote from */
const healthManifest = z
  .string()
  .max(HEALTH_REPORT_LIMITS.maxManifestLength, 'マニフェストの URL が長すぎます。')
  .regex(/^https?:\/\/\S+$/, 'マニフェストの URL が正しくありません。');

/** One remote and release the page used, with what happened to it. */
export const healthEntrySchema = z
  .strictObject({
    remote: healthRemote,
    manifest: healthManifest,
    views: healthCount,
    loadFailures: healthCount,
    renderCrashes: healthCount,
    hydrationErrors: healthCount,
  })
  .refine((entry) => entry.views >= 1, { message: '表示回数のない報告は受け付けません。', path: ['views'] })
  .refine((entry) => entry.loadFailures + entry.renderCrashes + entry.hydrationErrors <= entry.views, {
    message: '失敗の数が表示回数を超えています。',
    path: ['views'],
  });

/**
 * One Core Web Vital of a page load (LCP and INP in milliseconds, CLS unitless), for the remote
 * whose element painted it, was tapped or shifted: a number, nothing about the page or visitor.
 */
export const healthVitalSchema = z.strictObject({
  metric: z.enum(VITAL_METRICS, { error: `指標は ${VITAL_METRICS.join(' / ')} のどれかです。` }),
  remote: healthRemote,
  manifest: healthManifest,
  // Any finite value from 0: one above VITAL_MAX (a page stuck two minutes) counts in the top bucket.
  value: z.number({ error: '指標の値は数値で指定してください。' }).min(0, '指標の値は 0 以上です。'),
});

/** POST /api/health — anonymous, from the browser: no account, no address, no page URL; the page's view token. */
export const healthReportSchema = z
  .strictObject({
    environment: environmentSchema,
    /** the view token the page was served with (docs/canary-releases.md): checked by the service */
    token: z
      .string({ error: '閲覧トークンがありません。' })
      .min(1, '閲覧トークンがありません。')
      .max(VIEW_TOKEN_MAX_LENGTH, '閲覧トークンが長すぎます。'),
    entries: z
      .array(healthEntrySchema)
      .max(HEALTH_REPORT_LIMITS.maxEntries, `1 回に報告できるのは ${HEALTH_REPORT_LIMITS.maxEntries} 件までです。`),
    /** the page load's Core Web Vitals, each once, for the remote that owns its element (vitals.ts) */
    vitals: z
      .array(healthVitalSchema)
      .max(VITAL_METRICS.length, `指標は 1 回の報告で ${VITAL_METRICS.length} つまでです。`)
      .refine((vitals) => new Set(vitals.map((vital) => vital.metric)).size === vitals.length, {
        message: '同じ指標が 2 回報告されています。',
      })
      .optional(),
  })
  // A page's last report may carry only its vitals (they are final when the page is hidden).
  .refine((report) => report.entries.length > 0 || (report.vitals?.length ?? 0) > 0, {
    message: '報告が空です。',
    path: ['entries'],
  });

/** POST /api/releases/:remote/:environment/promote — make a version released elsewhere live here. */
export const promoteBodySchema = z.strictObject({
  version: versionIdSchema,
  expectedLive: expectedLiveSchema.optional(),
});

/** POST /api/releases/:remote/:environment/rollback — from the live version the operator saw. */
export const rollbackBodySchema = z.strictObject({ expectedLive: expectedLiveSchema });

/** At most this many audit lines per page; the first page without `limit` has AUDIT_PAGE_DEFAULT. */
export const AUDIT_PAGE_MAX = 500;
export const AUDIT_PAGE_DEFAULT = 100;
const AUDIT_LIMIT_RULE = `limit は 1〜${AUDIT_PAGE_MAX} の整数で指定してください。`;
const AUDIT_BEFORE_RULE = 'before には前のページの nextBefore (1 以上の整数) を指定してください。';

export const auditQuerySchema = z.strictObject({
  remote: z.string().max(64).optional(),
  environment: environmentSchema.optional(),
  limit: z.coerce
    .number({ error: AUDIT_LIMIT_RULE })
    .int(AUDIT_LIMIT_RULE)
    .min(1, AUDIT_LIMIT_RULE)
    .max(AUDIT_PAGE_MAX, AUDIT_LIMIT_RULE)
    .default(AUDIT_PAGE_DEFAULT),
  /** A page of older lines: those with an id below this one (the previous page's nextBefore). */
  before: z.coerce
    .number({ error: AUDIT_BEFORE_RULE })
    .int(AUDIT_BEFORE_RULE)
    .min(1, AUDIT_BEFORE_RULE)
    .max(Number.MAX_SAFE_INTEGER, AUDIT_BEFORE_RULE)
    .optional(),
});

export type ReleaseBody = z.infer<typeof releaseBodySchema>;
export type CanaryPlanBody = z.infer<typeof canaryPlanSchema>;
export type CanaryBody = z.infer<typeof canaryBodySchema>;
export type HealthReport = z.infer<typeof healthReportSchema>;
export type HealthEntry = z.infer<typeof healthEntrySchema>;
export type HealthVital = z.infer<typeof healthVitalSchema>;
export type PromoteBody = z.infer<typeof promoteBodySchema>;
export type RollbackBody = z.infer<typeof rollbackBodySchema>;
export type CanaryDecisionBody = z.infer<typeof canaryDecisionBodySchema>;
export type AuditQuery = z.input<typeof auditQuerySchema>;
