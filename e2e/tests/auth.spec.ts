import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yIssues } from '../support/axe';
import { interactive } from '../support/hydration';
import {
  adminUser,
  completeEmulatorChooser,
  headerLoginButton,
  installGoogleApiStandIn,
  signInWithPopup,
  uniqueUser,
  headerLogoutButton,
  mainRegion,
  shellUrl,
  stored,
  type TestUser,
} from '../support/auth';
import { paced } from '../support/pace';

/**
 * Issue 5 against the real Auth emulator: a visitor before sign-in, pop-up and redirect sign-in,
 * guards. Signed in (logout, redirects, profile): auth-session.spec.ts.
 */
const BUSINESS_REMOTE = 'http://localhost:3003';
const SHELL = 'http://localhost:3000';

const loginPageGoogleButton = (page: Page) => mainRegion(page).getByRole('button', { name: 'Googleでログイン' });

function recordRequests(context: BrowserContext, origin: string): string[] {
  const seen: string[] = [];
  context.on('request', (request) => {
    if (request.url().startsWith(origin)) seen.push(request.url());
  });
  return seen;
}

/**
 * Whether the page has asked for the Firebase SDK by the time a returning visitor's page loads it:
 * after `load` and hydration, at the first idle time (shared-auth's `whenPageIdle`). Asked in the
 * page, where a script being fetched or fetched already is seen at once. The second idle callback
 * runs after the session loader's, which hydration's effect may register after the first one.
 */
async function sdkRequestedByIdleTime(page: Page): Promise<boolean> {
  await page.waitForLoadState('load');
  await interactive(page);
  return page.evaluate(
    () =>
      new Promise<boolean>((resolve) =>
        requestIdleCallback(() => {
          const sdk = /firebase[^/]*\.js(\?|$)/i;
          const requested = [...document.scripts].some((script) => sdk.test(script.src));
          resolve(requested || performance.getEntriesByType('resource').some((entry) => sdk.test(entry.name)));
        }),
      ),
  );
}

async function signInFromLoginPage(page: Page, user: TestUser) {
  const popupOpened = page.waitForEvent('popup');
  await loginPageGoogleButton(page).click();
  await completeEmulatorChooser(await popupOpened, user);
}

test.beforeEach(async ({ context }) => {
  await installGoogleApiStandIn(context);
});

test.describe('a visitor before sign-in', () => {
  test('never downloads the business remote, and Firebase only when sign-in is near', async ({ page, context }) => {
    const businessRequests = recordRequests(context, BUSINESS_REMOTE);
    const firebaseChunks: string[] = [];
    // Chunks are named after their modules (…firebase_auth…, firebase-auth.…js).
    page.on('request', (request) => {
      const url = request.url();
      if (url.startsWith(SHELL) && url.endsWith('.js') && /firebase/i.test(url)) firebaseChunks.push(url);
    });

    // A first-time visitor has no session to confirm: public pages never download the SDK.
    for (const path of ['/', '/about']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await sdkRequestedByIdleTime(page), path).toBe(false);
    }
    expect(firebaseChunks).toEqual([]);

    // The login page needs it at once, so its pop-up opens within the click's activation.
    await page.goto('/business/login');
    await expect.poll(() => firebaseChunks.length, { timeout: paced(15_000) }).toBeGreaterThan(0);

    for (const path of ['/about', '/business/login', '/business/register']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    expect(businessRequests).toEqual([]);

    // Sign-in starts the download, so the dashboard is ready when the pop-up closes.
    const popupOpened = page.waitForEvent('popup');
    await headerLoginButton(page).click();
    const popup = await popupOpened;
    await expect.poll(() => businessRequests.length).toBeGreaterThan(0);
    await popup.close();
  });

  test('the login page is accessible and explains that business accounts use Google', async ({ page }) => {
    await page.goto('/business/login');
    await expect(page).toHaveTitle('事業者ログイン | AIまなび');
    await mainRegion(page).getByRole('textbox', { name: 'メールアドレス' }).fill('someone@example.com');
    await mainRegion(page).getByLabel('パスワード', { exact: true }).fill('secret');
    await mainRegion(page).getByRole('button', { name: 'ログイン', exact: true }).click();
    await expect(
      mainRegion(page).getByText(/事業者アカウントは下の「Googleでログイン」からログインしてください。/),
    ).toBeVisible();
    await expectNoSeriousA11yIssues(page);
    await mainRegion(page).getByRole('link', { name: '新規登録' }).click();
    await expect(page).toHaveURL(shellUrl('/business/register'));
    await expect(mainRegion(page).getByRole('button', { name: 'Googleアカウントで登録' })).toBeVisible();
    await expectNoSeriousA11yIssues(page);
  });

  test('a forged admin flag in storage grants nothing', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('userProfile', JSON.stringify({ uid: 'forged', email: 'admin@example.com' }));
      localStorage.setItem('isAdmin', 'true');
    });
    await page.goto('/admin');
    await expect(page).toHaveURL(shellUrl('/business/login'));
    await expect(headerLoginButton(page)).toBeVisible();
  });
});

test.describe('desktop pop-up sign-in', () => {
  test('signs in from the header, welcomes the user for 5 s and stays on the page', async ({ page }) => {
    const user = uniqueUser('popup', 'ポップアップ 太郎');
    await page.goto('/about');
    await signInWithPopup(page, user);
    const welcome = page.getByRole('status').filter({ hasText: 'ようこそ、ポップアップ 太郎さん！' });
    await expect(welcome).toBeVisible();
    const shownAt = Date.now();
    await expect(page).toHaveURL(shellUrl('/about'));
    expect(JSON.parse((await stored(page, 'userProfile'))!)).toMatchObject({
      email: user.email,
      displayName: 'ポップアップ 太郎',
    });
    expect(await stored(page, 'isAdmin')).toBe('false');
    await expect(welcome).toBeHidden({ timeout: paced(8_000) });
    expect(Date.now() - shownAt).toBeGreaterThan(4_000);
  });

  test('closing the pop-up says the login was cancelled', async ({ page }) => {
    await page.goto('/business/login');
    const popupOpened = page.waitForEvent('popup');
    await loginPageGoogleButton(page).click();
    await expect(mainRegion(page).getByRole('button', { name: 'ログイン中...' })).toBeDisabled();
    const popup = await popupOpened;
    await popup.waitForLoadState();
    await popup.close();
    // Firebase notices the closed window within ~10 s.
    await expect(mainRegion(page).getByRole('alert')).toHaveText('ログインがキャンセルされました。', {
      timeout: paced(15_000),
    });
    await expect(loginPageGoogleButton(page)).toBeEnabled();
    await expect(page).toHaveURL(shellUrl('/business/login'));
  });

  test('a guarded deep link goes to the login page and back after sign-in', async ({ page }) => {
    await page.goto('/business/settings');
    await expect(page).toHaveURL(shellUrl('/business/login'));
    expect(await stored(page, 'loginRedirectPath')).toBe('/business/settings');
    await signInFromLoginPage(page, uniqueUser('deeplink'));
    await expect(page).toHaveURL(shellUrl('/business/settings'));
    await expect(headerLogoutButton(page)).toBeVisible();
  });

  test('an admin signing in reaches /admin', async ({ page }) => {
    await page.goto('/about');
    await signInWithPopup(page, adminUser);
    expect(await stored(page, 'isAdmin')).toBe('true');
    await page.goto('/admin');
    await expect(page.getByRole('status').filter({ hasText: '認証中...' })).toHaveCount(0);
    await expect(page).toHaveURL(shellUrl('/admin'));
  });
});

test.describe('mobile redirect sign-in (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('leaves for the account chooser, comes back, welcomes and reloads to the requested page', async ({ page }) => {
    const user = uniqueUser('redirect', 'リダイレクト 花子');
    // The welcome is on screen for 500 ms before the reload (spec): on a busy machine the test's
    // own polling can miss so short a window, so the page records what it shows, where, into
    // sessionStorage, which outlives the reload.
    await page.addInitScript(() => {
      const record = () => {
        const welcome = /ようこそ、[^\n]*さん！/.exec(document.body?.innerText ?? '')?.[0];
        if (welcome) sessionStorage.setItem('e2e:welcome', `${location.pathname} ${welcome}`);
      };
      new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto('/business/settings');
    await expect(page).toHaveURL(shellUrl('/business/login'));
    await loginPageGoogleButton(page).click();
    await page.waitForURL(/:9099\/emulator\/auth\/handler/);
    await completeEmulatorChooser(page, user);
    await page.waitForURL(shellUrl('/business/login'));
    await page.waitForURL(shellUrl('/business/settings'));
    expect(await page.evaluate(() => sessionStorage.getItem('e2e:welcome'))).toBe(
      '/business/login ようこそ、リダイレクト 花子さん！',
    );
    expect(await stored(page, 'loginRedirectPath')).toBeNull();
    await page.getByRole('button', { name: 'メニューを開く' }).click();
    await expect(
      page.getByRole('dialog', { name: 'メニュー' }).getByRole('button', { name: 'ログアウト' }),
    ).toBeVisible();
  });
});
