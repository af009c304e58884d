import { expect, test, type Page, type Response } from '@playwright/test';
import { operatorUser, signInAs } from '../support/auth';
import { API } from '../support/reliabilityApi';
import { paced } from '../support/pace';

/**
 * Hand-edited localStorage before the first load: a forged admin flag, profiles that are not
 * profiles, malformed JSON in every key. The product must fall back to safe defaults, never
 * crash, and never grant admin access (in the UI or at the API).
 */

const LIGHT_BACKGROUND = 'rgb(245, 245, 247)'; // #f5f5f7
const DARK_BACKGROUND = 'rgb(28, 28, 30)'; // #1c1c1e
const FAKE_ADMIN_PROFILE = JSON.stringify({ uid: 'forged-uid', email: 'admin@example.com', displayName: '偽の管理者' });

/** Sets storage before any script of the shell's origin runs (once per test: a reload keeps what the app wrote). */
async function seedStorage(page: Page, entries: Record<string, string>) {
  await page.addInitScript((values) => {
    if (window.location.origin !== 'http://localhost:3000' || sessionStorage.getItem('e2e-storage-seeded')) return;
    for (const [key, value] of Object.entries(values)) window.localStorage.setItem(key, value);
    sessionStorage.setItem('e2e-storage-seeded', '1');
  }, entries);
}

/** Page errors, plus every answer the article service gave to an admin-only call. */
function watch(page: Page) {
  const errors: string[] = [];
  const adminAnswers: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response: Response) => {
    const request = response.request();
    const url = new URL(request.url());
    const adminOnly =
      url.pathname.startsWith('/api/admin') || (url.pathname.startsWith('/api/articles') && request.method() !== 'GET');
    if (url.origin === 'http://localhost:3001' && adminOnly && request.method() !== 'OPTIONS') {
      adminAnswers.push(`${request.method()} ${url.pathname} → ${response.status()}`);
    }
  });
  return { errors, adminAnswers };
}

async function expectIntactLayout(page: Page, errors: string[]) {
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
}

const expectLightTheme = (page: Page) => expect(page.locator('body')).toHaveCSS('background-color', LIGHT_BACKGROUND);

test.describe('a forged admin flag without a session', () => {
  for (const isAdmin of ['true', '"true"', '1', '{"isAdmin":true}']) {
    test(`isAdmin=${isAdmin} with a fake admin profile: /admin sends to the login, no admin call is made`, async ({
      page,
    }) => {
      const { errors, adminAnswers } = watch(page);
      await seedStorage(page, { isAdmin, userProfile: FAKE_ADMIN_PROFILE });
      await page.goto('/admin');
      await expect(page).toHaveURL(/\/business\/login$/);
      await expect(page.getByRole('heading', { level: 1, name: '事業者ログイン' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: '管理メニュー' })).toHaveCount(0);
      await expect(page.getByRole('banner').getByRole('button', { name: '事業者ログイン' }).first()).toBeAttached();
      // Signed out: the forged values are gone, not just ignored.
      await expect
        .poll(() => page.evaluate(() => [localStorage.getItem('isAdmin'), localStorage.getItem('userProfile')]))
        .toEqual([null, null]);
      expect(adminAnswers).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});

test('a signed-in operator who forges isAdmin=true and an admin profile gets no admin access', async ({ page }) => {
  const { errors, adminAnswers } = watch(page);
  await signInAs(page, operatorUser);
  await seedStorage(page, { isAdmin: 'true', userProfile: FAKE_ADMIN_PROFILE });
  await page.goto('/admin/articles');
  await expect(page).toHaveURL(/\/business\/dashboard$/);
  await expect(page.getByRole('navigation', { name: '管理メニュー' })).toHaveCount(0);
  // The flag is evaluated again from the verified account and stored as such.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('isAdmin'))).toBe('false');

  // Even a tampered client holding the operator's real ID token cannot use the admin API.
  const statuses = await page.evaluate(async (api) => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('firebase:authUser:'));
    const token = key
      ? (JSON.parse(sessionStorage.getItem(key)!) as { stsTokenManager: { accessToken: string } }).stsTokenManager
          .accessToken
      : '';
    const auth = { Authorization: `Bearer ${token}` };
    const json = { ...auth, 'Content-Type': 'application/json' };
    const body = JSON.stringify({
      title: '偽の管理者の記事',
      category: 'AI活用',
      date: '2025-01-01',
      content: '<p>x</p>',
    });
    const calls = [
      fetch(`${api}/admin/info`, { headers: auth }),
      fetch(`${api}/admin/users`, { headers: auth }),
      fetch(`${api}/articles`, { method: 'POST', headers: json, body }),
      fetch(`${api}/articles/1`, { method: 'PUT', headers: json, body }),
      fetch(`${api}/articles/1`, { method: 'DELETE', headers: auth }),
    ];
    return { hasToken: token.length > 0, statuses: (await Promise.all(calls)).map((r) => r.status) };
  }, API);
  expect(statuses).toEqual({ hasToken: true, statuses: [403, 403, 403, 403, 403] });
  expect(adminAnswers.every((answer) => answer.endsWith('→ 403'))).toBe(true);
  expect(errors).toEqual([]);
});

test.describe('profiles that are not profiles', () => {
  const profiles = {
    'without uid': JSON.stringify({ email: 'no-uid@example.com', displayName: 'uidなし' }),
    'with an empty uid': JSON.stringify({ uid: '', email: 'empty@example.com' }),
    'without email': JSON.stringify({ uid: 'uid-only' }),
    'as a list': JSON.stringify([{ uid: 'x', email: 'x@example.com' }]),
    'as null': 'null',
    'as malformed JSON': '{"uid":"x","email":',
  };
  for (const [label, userProfile] of Object.entries(profiles)) {
    test(`a profile ${label}: signed out, no crash, /profile asks to sign in`, async ({ page }) => {
      const { errors } = watch(page);
      await seedStorage(page, { userProfile });
      await page.goto('/');
      await expectIntactLayout(page, errors);
      await expect(page.getByRole('banner').getByRole('button', { name: '事業者ログイン' }).first()).toBeAttached();
      await expect(page.getByRole('banner').getByRole('button', { name: 'ログアウト' })).toHaveCount(0);
      await page.goto('/profile');
      await expect(page).toHaveURL(/\/business\/login$/);
      await expectIntactLayout(page, errors);
    });
  }
});

/** Values no key should ever hold; each must leave the page working, in the light theme. */
const MALFORMED = [
  '{"a":',
  'undefined',
  "{'single':'quotes'}",
  '\u0000',
  '{"__proto__":{"polluted":true}}',
  'x'.repeat(200_000),
];
const KEYS = [
  'theme',
  'userProfile',
  'isAdmin',
  'businessSettings',
  'businessDashboardSettings',
  'articles',
  'loginRedirectPath',
];

test.describe('malformed JSON in every key', () => {
  for (const key of KEYS) {
    test(`${key}: public pages render with defaults, light theme, no page error`, async ({ page }) => {
      const { errors } = watch(page);
      for (const [index, value] of MALFORMED.entries()) {
        await page.goto('/about');
        await page.evaluate(
          ([k, v]) => {
            localStorage.clear();
            localStorage.setItem(k, v);
          },
          [key, value] as const,
        );
        for (const path of ['/articles', '/articles/what-is-generative-ai']) {
          await page.goto(path);
          await expectIntactLayout(page, errors);
          await expectLightTheme(page);
        }
        expect({ value: index, polluted: await page.evaluate(() => 'polluted' in Object.prototype) }).toEqual({
          value: index,
          polluted: false,
        });
      }
      // Stored articles that are not articles add nothing: the list is the service's.
      if (key === 'articles') await expect(page.getByRole('main')).not.toContainText('undefined');
    });
  }
});

test('theme values other than "light"/"dark" fall back to light; "dark" itself still works', async ({ page }) => {
  const { errors } = watch(page);
  for (const theme of ['DARK', 'dark ', '"dark"', '{"mode":"dark"}', 'null', '', 'purple', 'true']) {
    await page.goto('/about');
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    await page.reload();
    await expectIntactLayout(page, errors);
    await expect(page.locator('body'), `theme=${JSON.stringify(theme)}`).toHaveCSS(
      'background-color',
      LIGHT_BACKGROUND,
    );
  }
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(page.locator('body')).toHaveCSS('background-color', DARK_BACKGROUND);
});

test('signed in, malformed business settings give the defaults on the dashboard and settings pages', async ({
  page,
}) => {
  const { errors } = watch(page);
  await signInAs(page, operatorUser);
  await seedStorage(page, {
    businessSettings: '{"language":"xx","timezone":123,"darkMode":"yes","emailNotifications":null',
    businessDashboardSettings: '[[[',
    theme: '{',
    articles: '{"0":{"id":1}}',
  });
  await page.goto('/business/dashboard');
  await expectIntactLayout(page, errors);
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await expectLightTheme(page);
  await page.goto('/business/settings');
  await expectIntactLayout(page, errors);
  await expect(page.getByRole('combobox', { name: '言語' })).toHaveValue('ja');
  await expect(page.getByRole('combobox', { name: 'タイムゾーン' })).toHaveValue('Asia/Tokyo');
  await expect(page.getByRole('switch', { name: 'ダークモード' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'メール通知' })).toBeChecked();
  await expectLightTheme(page);
});

test('a saved redirect path that leaves the site is ignored after sign-in', async ({ page }) => {
  const { errors } = watch(page);
  await signInAs(page, operatorUser);
  await seedStorage(page, { loginRedirectPath: '//evil.example/phish' });
  await page.goto('/business/login');
  await expect(page).toHaveURL('http://localhost:3000/business/dashboard', { timeout: paced(15_000) });
  await expectIntactLayout(page, errors);
});
