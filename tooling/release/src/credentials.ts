// How the release CLI signs in without a browser (docs/releasing.md), in this order:
//
// - RELEASE_ID_TOKEN: a Firebase ID token given by CI (e.g. minted by a workflow step).
// - RELEASE_SERVICE_ACCOUNT (a service-account key file) with FIREBASE_API_KEY: firebase-admin
//   mints a custom token for RELEASE_UID carrying RELEASE_TEAMS, exchanged for an ID token.
// - Otherwise, in development only, an account of the Auth emulator: RELEASE_EMAIL (default
//   admin@example.com, the default admin) signs in as the Google pop-up would.
// The service decides what the account may do; nothing here grants anything.
import fs from 'node:fs';
import { ReleaseError } from './errors';

const EMULATOR_API_KEY = 'demo-api-key';
const GOOGLE_IDENTITY = 'https://identitytoolkit.googleapis.com/v1';

interface SignInAnswer {
  idToken?: string;
  error?: { message?: string };
}

async function identityToolkit(base: string, method: string, apiKey: string, body: object): Promise<string> {
  let answer: SignInAnswer;
  try {
    const response = await fetch(`${base}/accounts:${method}?key=${encodeURIComponent(apiKey)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    answer = (await response.json()) as SignInAnswer;
  } catch (error) {
    throw new ReleaseError(`サインインできません (${base} に接続できません: ${(error as Error).message})。`);
  }
  if (!answer.idToken)
    throw new ReleaseError(`サインインできません (${answer.error?.message ?? '応答に ID トークンがありません'})。`);
  return answer.idToken;
}

/** Signs in at the Auth emulator as `email` would through Google (an unsigned credential the emulator accepts). */
export function emulatorSignIn(email: string, emulatorHost: string): Promise<string> {
  const claims = { sub: `release-${email}`, email, email_verified: true };
  return identityToolkit(
    `http://${emulatorHost}/identitytoolkit.googleapis.com/v1`,
    'signInWithIdp',
    EMULATOR_API_KEY,
    {
      requestUri: 'http://localhost',
      returnSecureToken: true,
      returnIdpCredential: true,
      postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=google.com`,
    },
  );
}

async function serviceAccountSignIn(env: NodeJS.ProcessEnv): Promise<string> {
  const apiKey = env.FIREBASE_API_KEY;
  if (!apiKey) throw new ReleaseError('RELEASE_SERVICE_ACCOUNT には FIREBASE_API_KEY (ウェブ API キー) も必要です。');
  const { cert, initializeApp, deleteApp } = await import('firebase-admin/app');
  const { getAuth } = await import('firebase-admin/auth');
  let key: object;
  try {
    key = JSON.parse(fs.readFileSync(env.RELEASE_SERVICE_ACCOUNT!, 'utf8')) as object;
  } catch (error) {
    throw new ReleaseError(`RELEASE_SERVICE_ACCOUNT を読めません (${(error as Error).message})。`);
  }
  const app = initializeApp({ credential: cert(key) }, `release-${process.pid}`);
  try {
    const teams = (env.RELEASE_TEAMS ?? '')
      .split(',')
      .map((team) => team.trim())
      .filter(Boolean);
    const customToken = await getAuth(app).createCustomToken(env.RELEASE_UID || 'release-ci', { teams });
    return await identityToolkit(GOOGLE_IDENTITY, 'signInWithCustomToken', apiKey, {
      token: customToken,
      returnSecureToken: true,
    });
  } finally {
    await deleteApp(app);
  }
}

/** The ID token the release service is called with. */
export async function releaseIdToken(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  if (env.RELEASE_ID_TOKEN) return env.RELEASE_ID_TOKEN;
  if (env.RELEASE_SERVICE_ACCOUNT) return serviceAccountSignIn(env);
  if (env.NODE_ENV === 'production') {
    throw new ReleaseError(
      '本番では RELEASE_ID_TOKEN か RELEASE_SERVICE_ACCOUNT でサインインしてください (エミュレーターは使えません)。',
    );
  }
  return emulatorSignIn(env.RELEASE_EMAIL || 'admin@example.com', env.RELEASE_AUTH_EMULATOR || '127.0.0.1:9099');
}
