/**
 * Sign-in helpers for end-to-end tests against the Firebase Auth emulator (127.0.0.1:9099,
 * project demo-ai-manabi), which globalSetup starts with the rest of the stack.
 *
 * Usage:
 *
 *   import { installGoogleApiStandIn, signInAs, signInWithPopup, adminUser } from '../support/auth';
 *
 *   test.beforeEach(async ({ context }) => {
 *     await installGoogleApiStandIn(context); // needed for pop-up/redirect sign-in (offline api.js)
 *   });
 *
 *   // Fast, no UI: the next navigation starts signed in (Firebase confirms it after load).
 *   await signInAs(page, { email: 'operator@example.com', displayName: '事業者 太郎' });
 *   await page.goto('/business/dashboard');
 *
 *   // Through the UI: clicks the header's 事業者ログイン and completes the emulator's account
 *   // chooser in the pop-up (desktop widths only; mobile widths sign in by redirect).
 *   await page.goto('/about');
 *   await signInWithPopup(page, adminUser);
 *
 * Admins are the addresses in ADMIN_EMAILS (default admin@example.com: `adminUser`). Each test
 * gets a fresh browser context, so sign-in never leaks between tests; emulator accounts do
 * persist for the whole run, so use distinct e-mails where a fresh account matters.
 */
import { expect, type Page } from '@playwright/test';
import { installGoogleApiStandIn } from 'local-stack/googleApiStandIn.mjs';
import { completeEmulatorChooser, headerLoginButton } from 'local-stack/emulatorSignIn.mjs';
import { interactive } from './hydration';

// Shared with the benchmark (tooling/bench), which may not import e2e: they live in tooling/stack (local-stack).
export { completeEmulatorChooser, headerLoginButton, installGoogleApiStandIn };

export interface TestUser {
  email: string;
  displayName?: string;
  /** signInAs only (the emulator's chooser always verifies): defaults to true. */
  emailVerified?: boolean;
}

export const EMULATOR_ORIGIN = 'http://127.0.0.1:9099';
export const EMULATOR_PROJECT = 'demo-ai-manabi';
/** The key shared-auth uses against the emulator (shared-auth/src/firebase/session.ts). */
const EMULATOR_API_KEY = 'demo-api-key';
const SHELL_ORIGIN = 'http://localhost:3000';

export const adminUser: TestUser = { email: 'admin@example.com', displayName: '管理者 花子' };
export const operatorUser: TestUser = { email: 'operator@example.com', displayName: '事業者 太郎' };

/**
 * Signs in through the header and the emulator's pop-up, then waits until the header shows
 * ログアウト. Needs `installGoogleApiStandIn(context)` first and a desktop-width page.
 */
export async function signInWithPopup(page: Page, user: TestUser): Promise<void> {
  // A served page is painted before its scripts start (README "Text first, scripts after the
  // first paint"): its header answers a click once React has taken it over.
  await interactive(page);
  const popupOpened = page.waitForEvent('popup');
  await headerLoginButton(page).click();
  const popup = await popupOpened;
  await completeEmulatorChooser(popup, user);
  await popup.waitForEvent('close');
  await expect(page.getByRole('banner').getByRole('button', { name: 'ログアウト' }).first()).toBeAttached();
}

export interface IdpSignInResponse {
  localId: string;
  idToken: string;
  refreshToken: string;
  expiresIn: string;
  email: string;
  displayName?: string;
}

/** Signs the user in at the emulator's REST API, as the Google pop-up would (unsigned claims). */
export async function emulatorGoogleSignIn(user: TestUser): Promise<IdpSignInResponse> {
  const claims = {
    sub: `e2e-${user.email}`,
    email: user.email,
    email_verified: user.emailVerified ?? true,
    name: user.displayName,
  };
  const response = await fetch(
    `${EMULATOR_ORIGIN}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=${EMULATOR_API_KEY}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=google.com`,
        requestUri: SHELL_ORIGIN,
        returnSecureToken: true,
        returnIdpCredential: true,
      }),
    },
  );
  if (!response.ok) throw new Error(`emulator sign-in failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as IdpSignInResponse;
}

/**
 * Programmatic sign-in: creates (or reuses) the Google account in the emulator and seeds the
 * SDK's session entry for the shell's origin, once, before the next page load. Navigate
 * afterwards. Returns the user's uid.
 */
export async function signInAs(page: Page, user: TestUser, { origin = SHELL_ORIGIN } = {}): Promise<string> {
  const session = await emulatorGoogleSignIn(user);
  const key = `firebase:authUser:${EMULATOR_API_KEY}:[DEFAULT]`;
  const persistedUser = {
    uid: session.localId,
    email: session.email,
    emailVerified: user.emailVerified ?? true,
    displayName: session.displayName ?? user.displayName,
    isAnonymous: false,
    providerData: [],
    stsTokenManager: {
      refreshToken: session.refreshToken,
      accessToken: session.idToken,
      expirationTime: Date.now() + Number(session.expiresIn) * 1000,
    },
    apiKey: EMULATOR_API_KEY,
    appName: '[DEFAULT]',
  };
  const seed = {
    origin,
    key,
    value: JSON.stringify(persistedUser),
    marker: `e2e-seeded:${session.localId}:${Date.now()}`,
  };
  await page.addInitScript((s) => {
    if (window.location.origin !== s.origin || window.sessionStorage.getItem(s.marker)) return;
    window.sessionStorage.setItem(s.key, s.value);
    window.sessionStorage.setItem(s.marker, '1');
  }, seed);
  return session.localId;
}

/** Reads the newest out-of-band code (e.g. the verification mail) the emulator holds for an e-mail. */
export async function latestOobCode(email: string, requestType = 'VERIFY_EMAIL'): Promise<string | null> {
  const response = await fetch(`${EMULATOR_ORIGIN}/emulator/v1/projects/${EMULATOR_PROJECT}/oobCodes`);
  const { oobCodes } = (await response.json()) as {
    oobCodes: { email: string; requestType: string; oobCode: string }[];
  };
  const matching = oobCodes.filter((code) => code.email === email && code.requestType === requestType);
  return matching.at(-1)?.oobCode ?? null;
}

/** Applies an out-of-band code as following the mail's link would (e.g. verifies the e-mail). */
export async function applyOobCode(oobCode: string): Promise<void> {
  const response = await fetch(
    `${EMULATOR_ORIGIN}/identitytoolkit.googleapis.com/v1/accounts:update?key=${EMULATOR_API_KEY}`,
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ oobCode }) },
  );
  if (!response.ok) throw new Error(`applying the code failed: ${response.status} ${await response.text()}`);
}

/** A fresh e-mail per call, for tests that need an account nobody else has touched. */
export function uniqueUser(label: string, displayName = `テスト ${label}`): TestUser {
  return { email: `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`, displayName };
}

/** The shell's page at exactly `path` (a `?` in it taken literally), for toHaveURL. */
export const shellUrl = (path: string) => new RegExp(`^${SHELL_ORIGIN}${path.replace(/[?]/g, '\\?')}$`);
export const mainRegion = (page: Page) => page.getByRole('main');
export const headerLogoutButton = (page: Page) =>
  page.getByRole('navigation', { name: 'メインメニュー' }).getByRole('button', { name: 'ログアウト' });
/** What the page's origin keeps in localStorage under `key` (the profile and admin flag the shell stores). */
export const stored = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);
