import { expect, test } from '@playwright/test';
import { interactive } from '../support/hydration';
import {
  applyOobCode,
  headerLoginButton,
  headerLogoutButton,
  installGoogleApiStandIn,
  latestOobCode,
  mainRegion,
  shellUrl,
  signInAs,
  stored,
  uniqueUser,
} from '../support/auth';
import { paced } from '../support/pace';

/**
 * Issue 5 against the real Auth emulator, signed in: the redirects of a signed-in operator, logout
 * from the header and the footer, the profile and the e-mail's verification. Sign-in itself:
 * auth.spec.ts.
 */
test.beforeEach(async ({ context }) => {
  await installGoogleApiStandIn(context);
});

test.describe('signed in', () => {
  test('a non-admin on /admin is sent to the dashboard', async ({ page }) => {
    await signInAs(page, uniqueUser('operator'));
    await page.goto('/admin');
    await expect(page).toHaveURL(shellUrl('/business/dashboard'));
  });

  test('landing on / with no saved redirect path reloads to the dashboard', async ({ page }) => {
    await signInAs(page, uniqueUser('landing'));
    await page.goto('/');
    await expect(page).toHaveURL(shellUrl('/business/dashboard'), { timeout: paced(10_000) });
  });

  test('the header logs out to /', async ({ page }) => {
    await signInAs(page, uniqueUser('header-logout'));
    await page.goto('/business/dashboard');
    await headerLogoutButton(page).click();
    await expect(page).toHaveURL(shellUrl('/'));
    await expect(headerLoginButton(page)).toBeVisible();
    expect(await stored(page, 'userProfile')).toBeNull();
    expect(await stored(page, 'isAdmin')).toBeNull();
  });

  test('the footer logs out to /', async ({ page }) => {
    await signInAs(page, uniqueUser('footer-logout'));
    await page.goto('/about');
    await interactive(page);
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('button', { name: 'ログアウト' }).click();
    await expect(page).toHaveURL(shellUrl('/'));
    await expect(footer.getByRole('button', { name: '事業者ログイン' })).toBeVisible();
  });

  test('updates the profile and verifies the e-mail through the mailed code', async ({ page }) => {
    const user = { ...uniqueUser('profile', '旧い 名前'), emailVerified: false };
    await signInAs(page, user);
    await page.goto('/profile');
    const card = mainRegion(page);
    await expect(card.getByText('⚠ メール未認証')).toBeVisible();

    await card.getByRole('button', { name: 'プロフィールを編集' }).click();
    await card.getByLabel('表示名').fill('新しい 名前');
    await card.getByRole('button', { name: '保存' }).click();
    await expect(card.getByText('新しい 名前', { exact: true })).toBeVisible();
    expect(JSON.parse((await stored(page, 'userProfile'))!)).toMatchObject({ displayName: '新しい 名前' });

    await card.getByRole('button', { name: '認証メールを送信' }).click();
    await expect(card.getByText('認証メールを送信しました。メールボックスを確認してください。')).toBeVisible();
    const code = await latestOobCode(user.email);
    expect(code).toBeTruthy();
    await applyOobCode(code!);

    // Firebase reloads the user on the next page load: the name was saved and the e-mail is verified.
    await page.reload();
    await expect(card.getByText('✓ メール認証済み')).toBeVisible();
    await expect(card.getByText('新しい 名前', { exact: true })).toBeVisible();
  });
});
