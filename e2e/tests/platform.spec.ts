import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yIssues } from '../support/axe';

test.describe('platform: shell and remotes', () => {
  test('header, footer and the public remote render; deep links survive a reload', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('私たちについて');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('私たちについて');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  });

  test('unknown path shows the 404 page with a link home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'ページが見つかりません' })).toBeVisible();
    await expect(page.getByText('お探しのページは存在しないか、移動された可能性があります。')).toBeVisible();
    await page.getByRole('link', { name: 'ホームに戻る' }).click();
    await expect(page).toHaveURL('http://localhost:3000/');
    await expectNoSeriousA11yIssues(page);
  });
});
