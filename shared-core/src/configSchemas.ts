// The schemas of the runtime configuration (config.ts reads and loads it with them): what each
// field of /app-config.json may hold, with the Japanese message a deployment sees when it does not.
import { zm, type ZodMini } from './zod';
import { parseAdminEmails } from './admin';

export const DEFAULT_EMULATOR_PROJECT = 'demo-ai-manabi';
export const DEFAULT_EMULATOR_PORT = 9099;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

// The schemas use few kinds of zod validator on purpose: each kind is code on every visitor's first
// download (see ./zod.ts), so checks are refinements and the auth union is told apart by hand.
const text = (message: string) =>
  zm.string({ error: message }).check(zm.refine((value) => value.trim() !== '', { error: message }));

/** Absolute http(s), or a path on the page's own origin ('/api'). */
export const apiBaseUrlSchema = zm.string({ error: 'API の URL（http(s)://… または /…）を指定してください' }).check(
  zm.refine((value) => value.startsWith('/') || /^https?:\/\/[^/]/i.test(value), {
    error: 'API の URL は http(s):// または / で始めてください',
  }),
);

const firebaseWebConfigSchema = zm.object(
  {
    apiKey: text('apiKey を指定してください'),
    authDomain: text('authDomain を指定してください'),
    projectId: text('projectId を指定してください'),
    appId: zm.optional(text('appId が空です')),
  },
  { error: 'Firebase のウェブ設定（config）を指定してください' },
);

const emulatorProjectId = zm.string({ error: 'エミュレーターのプロジェクトIDは文字列で指定してください' }).check(
  zm.refine((value) => value.startsWith('demo-'), {
    error: 'エミュレーターのプロジェクトIDは demo- で始めてください',
  }),
);
const port = zm
  .int({ error: 'ポート番号は整数で指定してください' })
  .check(zm.refine((value) => value >= 1 && value <= 65535, { error: 'ポート番号は 1〜65535 で指定してください' }));

const AUTH_SHAPE = 'auth は { "mode": "emulator" } か { "mode": "project", "config": … } で指定してください';

const projectBackendSchema = zm.object(
  { mode: zm.literal('project'), config: firebaseWebConfigSchema },
  { error: AUTH_SHAPE },
);

/** The emulator with the project and port it names, or the defaults; locally, wrong ones become the defaults too. */
function emulatorBackendSchema(lenient: boolean) {
  const orDefault = <T>(schema: ZodMini.ZodMiniType<T>) =>
    lenient ? zm.catch(zm.optional(schema), undefined) : zm.optional(schema);
  return zm.pipe(
    zm.object(
      {
        mode: zm.literal('emulator', { error: AUTH_SHAPE }),
        projectId: orDefault(emulatorProjectId),
        emulatorPort: orDefault(port),
      },
      { error: AUTH_SHAPE },
    ),
    zm.transform(({ projectId, emulatorPort }) => ({
      mode: 'emulator' as const,
      projectId: projectId ?? DEFAULT_EMULATOR_PROJECT,
      emulatorPort: emulatorPort ?? DEFAULT_EMULATOR_PORT,
    })),
  );
}

/** The schema for what `auth.mode` says: `{ mode: 'project' }` or else the emulator. */
export const authBackendSchema = (raw: unknown, lenient = false): ZodMini.ZodMiniType<AuthBackend> =>
  isRecord(raw) && raw.mode === 'project' ? projectBackendSchema : emulatorBackendSchema(lenient);

/** The admin list follows the API's ADMIN_EMAILS rule: trimmed, lower-cased, the default when empty. */
export const adminEmailsSchema = zm.pipe(
  zm.optional(zm.array(zm.string(), { error: 'adminEmails は文字列の配列で指定してください' })),
  zm.transform((emails) => parseAdminEmails(emails)),
);

/** A bare http(s) origin: `https://preview.example.com`, no path, query or credentials. */
function isBareOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.pathname === '/' &&
      !url.search &&
      !url.hash &&
      !url.username &&
      !url.password
    );
  } catch {
    return false;
  }
}

/** Where an admin may preview a remote from (`?mf-override=`, docs/releasing.md); none by default. */
export const previewOriginsSchema = zm.pipe(
  zm.optional(
    zm.array(
      zm
        .string()
        .check(
          zm.refine(isBareOrigin, { error: 'previewOrigins には https://host のようなオリジンだけを指定してください' }),
        ),
      { error: 'previewOrigins は文字列の配列で指定してください' },
    ),
  ),
  zm.transform((origins) => [...new Set((origins ?? []).map((origin) => new URL(origin).origin))]),
);

/**
 * The release environment the page's web server serves (its RELEASE_ENVIRONMENT): the health the
 * page reports of its remotes is counted there. shared-releases' list, repeated here because the
 * core sits below it (a file missing the field is a production deployment, as the server's default).
 */
export const releaseEnvironmentSchema = zm.pipe(
  zm.optional(
    zm.enum(['staging', 'production'], { error: 'releaseEnvironment は staging か production を指定してください' }),
  ),
  zm.transform((environment) => environment ?? 'production'),
);

export const runtimeConfigSchema = (rawAuth: unknown) =>
  zm.object(
    {
      apiBaseUrl: apiBaseUrlSchema,
      // Absent: the deployment serves the release service under the API's base (see config.ts).
      releaseServiceUrl: zm.optional(apiBaseUrlSchema),
      auth: authBackendSchema(rawAuth),
      adminEmails: adminEmailsSchema,
      previewOrigins: previewOriginsSchema,
      releaseEnvironment: releaseEnvironmentSchema,
    },
    { error: 'JSON オブジェクトではありません' },
  );

export type ReleaseEnvironmentName = ZodMini.output<typeof releaseEnvironmentSchema>;
export type FirebaseWebConfig = ZodMini.output<typeof firebaseWebConfigSchema>;
export type AuthBackend =
  ZodMini.output<typeof projectBackendSchema> | ZodMini.output<ReturnType<typeof emulatorBackendSchema>>;
