/**
 * The release service's configuration, read and validated in one place: nothing else reads
 * process.env. The settings every service shares are service-kit's; an invalid setting stops the
 * service at start-up with every problem listed.
 */
import path from 'node:path';
import { type CommonConfig, commonConfigOf, type Env, httpUrl, integer, REPO_ROOT, serviceEnv } from 'service-kit';
import {
  HEALTH_DEFAULTS,
  HEALTH_REPORT_LIMITS,
  RELEASE_ENVIRONMENTS,
  type ReleaseEnvironment,
  VITAL_MARGIN_DEFAULTS,
  type VitalMetric,
} from 'shared-releases';
import { viewTokenKeysOf } from 'shared-releases/view-token';
import { z } from 'zod';
import { TEST_FAILPOINTS, type TestFailpoint } from './testFailpoint';

import { ConfigError } from 'service-kit';

export { ConfigError, DEFAULT_CORS_ORIGINS, type LogLevel } from 'service-kit';

export interface AppConfig extends CommonConfig {
  /** Largest accepted request body: release calls and health reports are small. */
  bodyLimitBytes: number;
  /** Where published releases are served (docs/releasing.md): `{workspace}`/`{port}` are filled in per remote. */
  releasePublicUrl: string;
  /** Per environment, the mf-manifest.json of the shell that environment serves: what the gate checks against. */
  releaseShellManifests: Record<ReleaseEnvironment, string>;
  /** Canary steps (docs/canary-releases.md, "Steps"): the least soak a plan may ask for, how often the service looks. */
  canarySteps: { minSoakSeconds: number; tickSeconds: number };
  /** Canary health (docs/canary-releases.md): the window, the sequential test's settings and the limits on reports. */
  health: {
    windowMinutes: number;
    minCanaryViews: number;
    /** the false-withdrawal rate: a canary no worse than live is withdrawn at most this often */
    alpha: number;
    /** a canary worse by minEffect is called healthy at most 1 − power of the time */
    power: number;
    /** the smallest difference of failure rates (0–1) the test is built to find */
    minEffect: number;
    /** views (and at most as many failures) one view token counts per remote (HEALTH_TOKEN_VIEWS) */
    tokenViews: number;
    tokenTtlSeconds: number;
    reportsPerMinute: number;
    /** HEALTH_TOKEN_KEYS: the first is the web servers' signing key, every one verifies (rotation) */
    tokenKeys: string[];
    /** Origins a report may come from (an `Origin` header naming any other is refused): CORS_ORIGINS. */
    origins: string[];
    /**
     * How much worse than live's p75 a canary's LCP and INP (ms) and CLS may be before it is withdrawn
     * (HEALTH_LCP_MARGIN_MS, HEALTH_INP_MARGIN_MS, HEALTH_CLS_MARGIN)
     */
    vitalMargins: Record<VitalMetric, number>;
  };
  /** Days a write's stored outcome answers a retry of its operation id (RELEASE_OUTCOME_RETENTION_DAYS). */
  outcomeRetentionDays: number;
  /** TEST ONLY (testFailpoint.ts): a crash injected by the fault tests; null in every deployment. */
  testFailpoint: TestFailpoint | null;
}

const SERVICE = 'release-service';
export const DEFAULT_PORT = 3005;
export const DEFAULT_DATABASE_PATH = path.join(REPO_ROOT, '.data', 'releases.sqlite');
/** The local release store as `npm start` serves it: each remote's own server, /releases/<version>/. */
export const DEFAULT_RELEASE_PUBLIC_URL = 'http://localhost:{port}/releases';
/** The local shell's manifest: every environment on one machine is served by the same shell. */
export const DEFAULT_SHELL_MANIFEST = 'http://localhost:3000/mf-manifest.json';
/**
 * A week: a retry comes within seconds (the CLI's back-off) or minutes (a CI job re-run, the
 * リリース page's second click), and an id older than this answered again would be a new write.
 */
export const DEFAULT_OUTCOME_RETENTION_DAYS = 7;

/** A number setting within [min, max], its message naming the range. */
const between = (name: string, min: number, max: number) => {
  const message = `${name} must be a number from ${min} to ${max}`;
  return z.coerce.number({ error: message }).min(min, message).max(max, message);
};

const env = serviceEnv(
  SERVICE,
  { port: DEFAULT_PORT, defaultDatabasePath: DEFAULT_DATABASE_PATH },
  {
    RELEASE_PUBLIC_URL: z
      .string()
      .regex(/^https?:\/\/\S+$/, 'RELEASE_PUBLIC_URL must be an http(s) URL (with {workspace} or {port})')
      .default(DEFAULT_RELEASE_PUBLIC_URL),
    RELEASE_SHELL_MANIFEST: httpUrl('RELEASE_SHELL_MANIFEST').default(DEFAULT_SHELL_MANIFEST),
    RELEASE_SHELL_MANIFEST_STAGING: httpUrl('RELEASE_SHELL_MANIFEST_STAGING').optional(),
    RELEASE_SHELL_MANIFEST_PRODUCTION: httpUrl('RELEASE_SHELL_MANIFEST_PRODUCTION').optional(),
    HEALTH_WINDOW_MINUTES: integer(1, 1_440).default(HEALTH_DEFAULTS.windowMinutes),
    HEALTH_MIN_CANARY_VIEWS: integer(1, 1_000_000).default(HEALTH_DEFAULTS.minCanaryViews),
    HEALTH_ALPHA: between('HEALTH_ALPHA', 0.0001, 0.5).default(HEALTH_DEFAULTS.alpha),
    HEALTH_POWER: between('HEALTH_POWER', 0.5, 0.9999).default(HEALTH_DEFAULTS.power),
    HEALTH_MIN_EFFECT: between('HEALTH_MIN_EFFECT', 0.001, 1).default(HEALTH_DEFAULTS.minEffect),
    HEALTH_TOKEN_VIEWS: integer(1, HEALTH_REPORT_LIMITS.maxCount).default(HEALTH_DEFAULTS.tokenViews),
    HEALTH_TOKEN_TTL_SECONDS: integer(10, 86_400).default(HEALTH_DEFAULTS.tokenTtlSeconds),
    HEALTH_TOKEN_KEYS: z.string().optional(),
    HEALTH_REPORTS_PER_MINUTE: integer(1, 1_000_000).default(HEALTH_DEFAULTS.reportsPerMinute),
    HEALTH_LCP_MARGIN_MS: between('HEALTH_LCP_MARGIN_MS', 0, 60_000).default(VITAL_MARGIN_DEFAULTS.lcp),
    HEALTH_INP_MARGIN_MS: between('HEALTH_INP_MARGIN_MS', 0, 10_000).default(VITAL_MARGIN_DEFAULTS.inp),
    HEALTH_CLS_MARGIN: between('HEALTH_CLS_MARGIN', 0, 1).default(VITAL_MARGIN_DEFAULTS.cls),
    // A minute in production; tests and local runs may allow seconds.
    CANARY_MIN_SOAK_SECONDS: integer(1, 86_400).default(60),
    CANARY_STEP_TICK_SECONDS: integer(1, 3_600).default(5),
    RELEASE_OUTCOME_RETENTION_DAYS: integer(1, 3_650).default(DEFAULT_OUTCOME_RETENTION_DAYS),
    TEST_FAILPOINT: z.enum(TEST_FAILPOINTS).optional(),
  },
);

/** Only the database settings: for the maintenance commands (db:migrate, the move), which verify no tokens. */
export const loadStorageConfig = env.loadStorageConfig;

export function loadConfig(settings: Env = process.env): AppConfig {
  const vars = env.parse(settings);
  if (settings.HEALTH_MARGIN !== undefined) {
    // The fixed margin is gone: a deployment that still sets it expects a rule it would not get.
    throw new ConfigError(SERVICE, [
      'HEALTH_MARGIN is no longer read: canaries are judged by a sequential test (HEALTH_ALPHA, HEALTH_POWER, HEALTH_MIN_EFFECT; docs/canary-releases.md); remove it',
    ]);
  }
  if (vars.NODE_ENV === 'production' && vars.TEST_FAILPOINT) {
    throw new ConfigError(SERVICE, [
      'TEST_FAILPOINT is set while NODE_ENV=production: it is a test-only failpoint that kills the process',
    ]);
  }
  const tokenKeys = viewTokenKeysOf('HEALTH_TOKEN_KEYS', vars.HEALTH_TOKEN_KEYS, vars.NODE_ENV === 'production');
  if ('problem' in tokenKeys) throw new ConfigError(SERVICE, [tokenKeys.problem]);
  const common = commonConfigOf(SERVICE, vars);
  return Object.assign(common, {
    bodyLimitBytes: 64 * 1024,
    releasePublicUrl: vars.RELEASE_PUBLIC_URL,
    releaseShellManifests: Object.fromEntries(
      RELEASE_ENVIRONMENTS.map((environment) => [
        environment,
        vars[`RELEASE_SHELL_MANIFEST_${environment.toUpperCase() as Uppercase<ReleaseEnvironment>}`] ??
          vars.RELEASE_SHELL_MANIFEST,
      ]),
    ) as Record<ReleaseEnvironment, string>,
    health: {
      windowMinutes: vars.HEALTH_WINDOW_MINUTES,
      minCanaryViews: vars.HEALTH_MIN_CANARY_VIEWS,
      alpha: vars.HEALTH_ALPHA,
      power: vars.HEALTH_POWER,
      minEffect: vars.HEALTH_MIN_EFFECT,
      tokenViews: vars.HEALTH_TOKEN_VIEWS,
      tokenTtlSeconds: vars.HEALTH_TOKEN_TTL_SECONDS,
      reportsPerMinute: vars.HEALTH_REPORTS_PER_MINUTE,
      tokenKeys: tokenKeys.keys,
      origins: common.corsOrigins,
      vitalMargins: { lcp: vars.HEALTH_LCP_MARGIN_MS, inp: vars.HEALTH_INP_MARGIN_MS, cls: vars.HEALTH_CLS_MARGIN },
    },
    canarySteps: { minSoakSeconds: vars.CANARY_MIN_SOAK_SECONDS, tickSeconds: vars.CANARY_STEP_TICK_SECONDS },
    outcomeRetentionDays: vars.RELEASE_OUTCOME_RETENTION_DAYS,
    testFailpoint: vars.TEST_FAILPOINT ?? null,
  });
}
