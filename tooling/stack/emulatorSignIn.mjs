// @ts-check
// Browser steps of a Google sign-in against the Auth emulator, shared by the end-to-end tests
// (e2e/support/auth.ts) and the benchmark (tooling/bench): e2e may import scripts, never the reverse.
import { expect } from '@playwright/test';

/** @typedef {{ email: string, displayName?: string }} ChooserUser */

/**
 * Fills in the emulator's "Sign in with Google.com" page: reuses a listed account or adds one.
 * @param {import('@playwright/test').Page} chooser
 * @param {ChooserUser} user
 * @returns {Promise<void>}
 */
export async function completeEmulatorChooser(chooser, user) {
  await chooser.waitForLoadState('domcontentloaded');
  const existing = chooser.locator('.js-reuse-account', { hasText: user.email });
  await expect(chooser.locator('#add-account-button')).toBeVisible();
  if ((await existing.count()) > 0) {
    await existing.first().click();
    return;
  }
  await chooser.locator('#add-account-button').click();
  await chooser.locator('#email-input').fill(user.email);
  if (user.displayName) await chooser.locator('#display-name-input').fill(user.displayName);
  await chooser.locator('#sign-in').click();
}

/**
 * The header's 事業者ログイン button (desktop navigation).
 * @param {import('@playwright/test').Page} page
 */
export const headerLoginButton = (page) =>
  page
    .getByRole('banner')
    .getByRole('navigation', { name: 'メインメニュー' })
    .getByRole('button', { name: '事業者ログイン' });
