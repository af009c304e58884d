import { expect, test } from '@playwright/test';
import { installGoogleApiStandIn, signInAs } from '../support/auth';
import { expectNoSeriousA11yIssues } from '../support/axe';

const user = { email: 'layout@example.com', displayName: 'レイアウト 三郎' };

test.describe('business sidebar', () => {
  test.beforeEach(async ({ page, context }) => {
    await installGoogleApiStandIn(context);
    await signInAs(page, user);
  });

  test('sits 280 px wide beside the page on desktop, with the user and the four links', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/business/dashboard');
    const sidebar = page.getByRole('complementary', { name: '事業者メニュー' });
    await expect(sidebar).toBeVisible();
    expect((await sidebar.boundingBox())?.width).toBe(280);
    await expect(sidebar.getByText('レイアウト 三郎')).toBeVisible();
    await expect(sidebar.getByText('layout@example.com')).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'ダッシュボード' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('button', { name: '事業者メニュー' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCSS('margin-left', '280px');
  });

  test('is a drawer at 375 px: toggle, Escape, closes on navigation', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/business/dashboard');
    const sidebar = page.getByRole('complementary', { name: '事業者メニュー' });
    const toggle = page.getByRole('button', { name: '事業者メニュー' });

    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebar).toBeHidden();
    await expect(page.getByRole('contentinfo')).toHaveCSS('margin-left', '0px');

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(sidebar.getByRole('link', { name: '設定' })).toBeVisible();
    await expectNoSeriousA11yIssues(page);

    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebar).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await sidebar.getByRole('link', { name: '設定' }).click();
    await expect(page).toHaveURL(/\/business\/settings$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebar).toBeHidden();
  });

  test('/business leads to the dashboard, and the user block to the profile', async ({ page }) => {
    await page.goto('/business');
    await expect(page).toHaveURL(/\/business\/dashboard$/);
    await page
      .getByRole('complementary', { name: '事業者メニュー' })
      .getByRole('link', { name: /レイアウト 三郎/ })
      .click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('complementary', { name: '事業者メニュー' })).toHaveCount(0);
  });

  test('logout goes to the business login', async ({ page }) => {
    await page.goto('/business/dashboard');
    await page
      .getByRole('complementary', { name: '事業者メニュー' })
      .getByRole('button', { name: 'ログアウト' })
      .click();
    await expect(page).toHaveURL(/\/business\/login$/);
    await expect(page.getByRole('banner').getByRole('button', { name: '事業者ログイン' }).first()).toBeAttached();
  });
});
