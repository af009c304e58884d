import { chromium } from '@playwright/test';
import { completeEmulatorChooser, headerLoginButton } from 'local-stack/emulatorSignIn.mjs';
import { installGoogleApiStandIn } from 'local-stack/googleApiStandIn.mjs';
import { median } from './stats';

const LAUNCH_ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * Pop-up sign-in from the home page through the emulator's account chooser; the time from the
 * pop-up closing (sign-in complete) to the first dashboard card being visible.
 */
export async function measureSignInToDashboard(shellUrl: string, runs: number, chromePath: string): Promise<number> {
  const samples: number[] = [];
  const browser = await chromium.launch({ executablePath: chromePath, args: LAUNCH_ARGS });
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await installGoogleApiStandIn(context);
      const page = await context.newPage();
      await page.goto(shellUrl, { waitUntil: 'networkidle' });
      const popupOpened = page.waitForEvent('popup');
      await headerLoginButton(page).click();
      const popup = await popupOpened;
      await completeEmulatorChooser(popup, {
        email: `bench-${Date.now()}-${i}@example.com`,
        displayName: 'ベンチ 太郎',
      });
      await popup.waitForEvent('close');
      const signedInAt = Date.now();
      await page.locator('a[href^="/business/articles/"]').first().waitFor({ state: 'visible', timeout: 30_000 });
      samples.push(Date.now() - signedInAt);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return median(samples);
}
