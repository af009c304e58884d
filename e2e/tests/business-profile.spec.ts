import { expect, test } from '@playwright/test';
import { installGoogleApiStandIn, signInAs } from '../support/auth';
import { expectNoSeriousA11yIssues } from '../support/axe';

/** Emulator accounts outlive a test (and a retry), so each run edits an account of its own. */
const freshEmail = (name: string) => `${name}-${Date.now()}@example.com`;

test.describe('profile card', () => {
  test.beforeEach(async ({ context }) => {
    await installGoogleApiStandIn(context);
  });

  test('shows the account and saves an edited display name', async ({ page }) => {
    const email = freshEmail('profile');
    const uid = await signInAs(page, { email, displayName: 'プロフィール 四郎' });
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'プロフィール' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'プロフィール 四郎' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText('✓ メール認証済み')).toBeVisible();
    await expect(page.getByText(uid)).toBeVisible();
    await expect(page.getByText(/^\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2} \(JST\)$/).first()).toBeVisible();
    await expectNoSeriousA11yIssues(page);

    await page.getByRole('button', { name: 'プロフィールを編集' }).click();
    await expect(page.getByLabel('プロフィール画像URL')).toHaveAttribute('type', 'url');
    await page.getByRole('textbox', { name: '表示名' }).fill('編集後 五郎');
    await expectNoSeriousA11yIssues(page);
    await page.getByRole('button', { name: '保存' }).click();

    await expect(page.getByRole('heading', { level: 2, name: '編集後 五郎' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'プロフィールを編集' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: '編集後 五郎' })).toBeVisible();
    await page.goto('/business/dashboard');
    await expect(page.getByRole('complementary', { name: '事業者メニュー' }).getByText('編集後 五郎')).toBeVisible();
  });

  test('cancel keeps the saved name', async ({ page }) => {
    await signInAs(page, { email: freshEmail('profile-cancel'), displayName: '取消 六郎' });
    await page.goto('/profile');
    await page.getByRole('button', { name: 'プロフィールを編集' }).click();
    await page.getByRole('textbox', { name: '表示名' }).fill('保存しない名前');
    await page.getByRole('button', { name: 'キャンセル' }).click();
    await expect(page.getByRole('heading', { level: 2, name: '取消 六郎' })).toBeVisible();
  });
});
