// The checks of the runtime configuration (config.ts reads and loads it with them): what each field
// of /app-config.json may hold, with the Japanese message a deployment sees when it does not.
//
// Written out rather than as zod schemas: the shell checks the file before every page's first
// render, and zod's core alone is ~6.8 KB brotli of each visitor's first download, more than these
// six fields' checks by far (docs/performance.md, "JavaScript on `/`"). Each problem reads
// "path: message", in the file's field order, as zod reported them.
import { parseAdminEmails } from './admin';

export const DEFAULT_EMULATOR_PROJECT = 'demo-ai-manabi';
export const DEFAULT_EMULATOR_PORT = 9099;

export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId?: string;
}
export type AuthBackend =
  { mode: 'project'; config: FirebaseWebConfig } | { mode: 'emulator'; projectId: string; emulatorPort: number };
export type ReleaseEnvironmentName = 'staging' | 'production';

/**
 * A field's check: the value it yields, each problem pushed onto `problems` under `path`. The value
 * of a field with problems is meaningless: a caller reads it only when none were pushed.
 */
export type Check<T> = (value: unknown, path: string, problems: string[]) => T;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const at = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/** Records a problem; the field's value is then never read (typed `never` so a check can return it). */
function report(problems: string[], path: string, message: string): never {
  problems.push(path ? `${path}: ${message}` : message);
  return undefined as never;
}

/** The value if the check finds nothing wrong, else the fallback (local development's leniency). */
export function fieldOr<T>(check: Check<T>, value: unknown, fallback: T): T {
  const problems: string[] = [];
  const checked = check(value, '', problems);
  return problems.length ? fallback : checked;
}

/** A string: `typeMessage` when it is not one, `message` when `accepts` refuses it. */
const text =
  (typeMessage: string, accepts: (value: string) => boolean = () => true, message = typeMessage): Check<string> =>
  (value, path, problems) =>
    typeof value !== 'string'
      ? report(problems, path, typeMessage)
      : accepts(value)
        ? value
        : report(problems, path, message);

const nonBlank = (message: string) => text(message, (value) => value.trim() !== '');

const optional =
  <T>(check: Check<T>): Check<T | undefined> =>
  (value, path, problems) =>
    value === undefined ? undefined : check(value, path, problems);

/** The converted value of a valid field (`convert` never sees one with problems). */
const then =
  <A, B>(check: Check<A>, convert: (value: A) => B): Check<B> =>
  (value, path, problems) => {
    const before = problems.length;
    const checked = check(value, path, problems);
    return (problems.length === before ? convert(checked) : undefined) as B;
  };

/** A JSON object (not an array) with these fields, each checked under its own path; other keys are dropped. */
const objectOf =
  <T>(fields: { [K in keyof T]-?: Check<T[K]> }, message: string): Check<T> =>
  (value, path, problems) => {
    if (!isRecord(value) || Array.isArray(value)) return report(problems, path, message);
    const result: Partial<T> = {};
    for (const key in fields) {
      const checked = fields[key](value[key], at(path, key), problems);
      if (checked !== undefined) result[key] = checked;
    }
    return result as T;
  };

/** An optional list, each entry checked under its index. */
const listOf =
  <T>(entry: Check<T>, message: string): Check<T[] | undefined> =>
  (value, path, problems) => {
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) return report(problems, path, message);
    return value.map((item, index) => entry(item, at(path, index), problems));
  };

/** Absolute http(s), or a path on the page's own origin ('/api'). */
export const apiBaseUrl = text(
  'API の URL（http(s)://… または /…）を指定してください',
  (value) => value.startsWith('/') || /^https?:\/\/[^/]/i.test(value),
  'API の URL は http(s):// または / で始めてください',
);

const firebaseWebConfig = objectOf<FirebaseWebConfig>(
  {
    apiKey: nonBlank('apiKey を指定してください'),
    authDomain: nonBlank('authDomain を指定してください'),
    projectId: nonBlank('projectId を指定してください'),
    appId: optional(nonBlank('appId が空です')),
  },
  'Firebase のウェブ設定（config）を指定してください',
);

const AUTH_SHAPE = 'auth は { "mode": "emulator" } か { "mode": "project", "config": … } で指定してください';
const mode = <M extends string>(name: M) => text(AUTH_SHAPE, (value) => value === name) as Check<M>;

const projectBackend = objectOf<{ mode: 'project'; config: FirebaseWebConfig }>(
  { mode: mode('project'), config: firebaseWebConfig },
  AUTH_SHAPE,
);

const emulatorProjectId = text(
  'エミュレーターのプロジェクトIDは文字列で指定してください',
  (value) => value.startsWith('demo-'),
  'エミュレーターのプロジェクトIDは demo- で始めてください',
);
const port: Check<number> = (value, path, problems) =>
  !Number.isSafeInteger(value)
    ? report(problems, path, 'ポート番号は整数で指定してください')
    : (value as number) >= 1 && (value as number) <= 65535
      ? (value as number)
      : report(problems, path, 'ポート番号は 1〜65535 で指定してください');

/** The emulator with the project and port it names, or the defaults; locally, wrong ones become the defaults too. */
function emulatorBackend(lenient: boolean): Check<AuthBackend> {
  const orDefault = <T>(check: Check<T>): Check<T | undefined> =>
    lenient ? (value) => fieldOr(optional(check), value, undefined) : optional(check);
  return then(
    objectOf<{ mode: 'emulator'; projectId?: string; emulatorPort?: number }>(
      { mode: mode('emulator'), projectId: orDefault(emulatorProjectId), emulatorPort: orDefault(port) },
      AUTH_SHAPE,
    ),
    ({ projectId, emulatorPort }) => ({
      mode: 'emulator' as const,
      projectId: projectId ?? DEFAULT_EMULATOR_PROJECT,
      emulatorPort: emulatorPort ?? DEFAULT_EMULATOR_PORT,
    }),
  );
}

/** The check for what `auth.mode` says: `{ mode: 'project' }` or else the emulator. */
export const authBackend =
  (lenient = false): Check<AuthBackend> =>
  (value, path, problems) =>
    (isRecord(value) && value.mode === 'project' ? projectBackend : emulatorBackend(lenient))(value, path, problems);

/** The admin list follows the API's ADMIN_EMAILS rule: trimmed, lower-cased, the default when empty. */
const ADMIN_EMAILS_SHAPE = 'adminEmails は文字列の配列で指定してください';
export const adminEmails = then(listOf(text(ADMIN_EMAILS_SHAPE), ADMIN_EMAILS_SHAPE), parseAdminEmails);

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
const BARE_ORIGIN = 'previewOrigins には https://host のようなオリジンだけを指定してください';
export const previewOrigins = then(
  listOf(text(BARE_ORIGIN, isBareOrigin), 'previewOrigins は文字列の配列で指定してください'),
  (origins) => [...new Set((origins ?? []).map((origin) => new URL(origin).origin))],
);

/**
 * The release environment the page's web server serves (its RELEASE_ENVIRONMENT): the health the
 * page reports of its remotes is counted there. shared-releases' list, repeated here because the
 * core sits below it (a file missing the field is a production deployment, as the server's default).
 */
export const releaseEnvironment = then(
  optional(
    text('releaseEnvironment は staging か production を指定してください', (value) =>
      ['staging', 'production'].includes(value),
    ) as Check<ReleaseEnvironmentName>,
  ),
  (environment): ReleaseEnvironmentName => environment ?? 'production',
);

export const runtimeConfig = objectOf(
  {
    apiBaseUrl,
    // Absent: the deployment serves the release service under the API's base (see config.ts).
    releaseServiceUrl: optional(apiBaseUrl),
    auth: authBackend(),
    adminEmails,
    previewOrigins,
    releaseEnvironment,
  },
  'JSON オブジェクトではありません',
);
