import { expect, test } from '@playwright/test';
import { installGoogleApiStandIn, signInAs } from '../support/auth';
import { expectNoSeriousA11yIssues } from '../support/axe';

const DARK_BACKGROUND = 'rgb(28, 28, 30)'; // #1c1c1e: the spec recognises dark mode by it

test.describe('business settings', () => {
  test.beforeEach(async ({ page, context }) => {
    await installGoogleApiStandIn(context);
    await signInAs(page, { email: 'settings@example.com', displayName: '設定 次郎' });
  });

  test('saved settings persist and stay applied after a reload', async ({ page }) => {
    await page.goto('/business/dashboard');
    const newestCard = page.getByRole('main').getByRole('article').first();
    await expect(newestCard.getByText('2025年8月10日')).toBeVisible();

    await page.getByRole('navigation', { name: '事業者ナビゲーション' }).getByRole('link', { name: '設定' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '設定' })).toBeVisible();
    await page.getByRole('switch', { name: 'ダークモード' }).check();
    await page.getByRole('combobox', { name: 'タイムゾーン' }).selectOption({ label: '協定世界時 (UTC)' });
    await page.getByRole('switch', { name: 'マーケティングメール' }).check();
    await page.getByRole('button', { name: '設定を保存' }).click();
    await expect(page.getByText('設定を保存しました。')).toBeVisible();
    await expect(page.locator('body')).toHaveCSS('background-color', DARK_BACKGROUND);

    await page.reload();
    await expect(page.getByRole('switch', { name: 'ダークモード' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'タイムゾーン' })).toHaveValue('UTC');
    await expect(page.getByRole('switch', { name: 'マーケティングメール' })).toBeChecked();
    await expect(page.locator('body')).toHaveCSS('background-color', DARK_BACKGROUND);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('businessSettings') ?? 'null'))).toEqual({
      emailNotifications: true,
      darkMode: true,
      language: 'ja',
      timezone: 'UTC',
      marketingEmails: true,
      securityAlerts: true,
    });

    await page.goto('/business/dashboard');
    await expect(newestCard.getByText('2025年8月9日 15:00 (UTC)')).toBeVisible();

    await page.goto('/business/settings');
    await page.getByRole('button', { name: '設定をリセット' }).click();
    await expect(page.getByText('設定をリセットしました。')).toBeVisible();
    await expect(page.locator('body')).not.toHaveCSS('background-color', DARK_BACKGROUND);
    await expect(page.getByRole('combobox', { name: 'タイムゾーン' })).toHaveValue('Asia/Tokyo');
  });

  test("the header's theme toggle and the dark-mode switch stay in step", async ({ page }) => {
    await page.goto('/business/settings');
    const darkSwitch = page.getByRole('switch', { name: 'ダークモード' });
    await expect(darkSwitch).not.toBeChecked();
    await page.getByRole('banner').getByRole('button', { name: 'テーマを切り替える' }).click();
    await expect(darkSwitch).toBeChecked();
    await page.reload();
    await expect(darkSwitch).toBeChecked();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('businessSettings') ?? '{}').darkMode)).toBe(true);
  });

  test('an older businessDashboardSettings entry is migrated', async ({ page }) => {
    await page.goto('/about');
    await page.evaluate(() => localStorage.setItem('businessDashboardSettings', JSON.stringify({ timezone: 'UTC' })));
    await page.goto('/business/settings');
    await expect(page.getByRole('combobox', { name: 'タイムゾーン' })).toHaveValue('UTC');
    expect(await page.evaluate(() => localStorage.getItem('businessDashboardSettings'))).toBeNull();
  });

  test('the settings page passes axe-core, also with its confirmation shown', async ({ page }) => {
    await page.goto('/business/settings');
    await expect(page.getByRole('heading', { level: 1, name: '設定' })).toBeVisible();
    await expectNoSeriousA11yIssues(page);
    await page.getByRole('button', { name: '設定を保存' }).click();
    await expect(page.getByText('設定を保存しました。')).toBeVisible();
    await expectNoSeriousA11yIssues(page);
  });
});
