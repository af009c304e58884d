import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { deployables } from 'local-stack/apps.mjs';
import { median } from './stats';

export interface PageLoadFigures {
  jsBytesTransferred: number;
  jsBytesGzip: number;
  requests: number;
  remotesContacted: string[];
  firebaseBeforeInteractive: boolean;
  firebaseRequested: boolean;
  /** Each script's encoded body (brotli as served), by origin's app and path, largest first (the last run's). */
  scripts: { script: string; bytes: number }[];
}

const LAUNCH_ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const portNames: Record<string, string> = Object.fromEntries(deployables.map((d) => [String(d.port), d.name]));

/** The gzip size of a served JS file, read from the .gz file the build wrote beside it. */
function gzipSizeOf(url: URL, distDirs: Record<string, string>): number {
  const dir = distDirs[url.port];
  if (!dir) return 0;
  const file = path.join(dir, decodeURIComponent(url.pathname));
  if (fs.existsSync(`${file}.gz`)) return fs.statSync(`${file}.gz`).size;
  return fs.existsSync(file) ? fs.statSync(file).size : 0;
}

/**
 * Loads a page as a first-time visitor and records what it downloads. "Interactive" is the
 * moment the page's main heading is visible and the network has been quiet for 500 ms.
 */
export async function measurePageLoad(
  url: string,
  runs: number,
  chromePath: string,
  distDirs: Record<string, string>,
): Promise<PageLoadFigures> {
  const samples: PageLoadFigures[] = [];
  const browser = await chromium.launch({ executablePath: chromePath, args: LAUNCH_ARGS });
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
      const page = await context.newPage();
      const started = Date.now();
      const requests: { url: URL; at: number; type: string; done?: Promise<number> }[] = [];
      page.on('request', (request) => {
        const entry = {
          url: new URL(request.url()),
          at: Date.now() - started,
          type: request.resourceType(),
        } as (typeof requests)[number];
        entry.done = request
          .response()
          .then(async (response) => (response ? (await request.sizes()).responseBodySize : 0))
          .catch(() => 0);
        requests.push(entry);
      });
      await page.goto(url, { waitUntil: 'load' });
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      const interactiveAt = Date.now() - started;
      await page.waitForTimeout(3000); // anything deferred past interactive is still counted
      const scripts = requests.filter((r) => r.type === 'script');
      const transferred = await Promise.all(scripts.map((r) => r.done ?? Promise.resolve(0)));
      const firebase = scripts.filter((r) => /firebase/i.test(r.url.pathname));
      const perScript = scripts
        .map((r, i) => ({
          script: `${portNames[r.url.port] ?? r.url.host}${r.url.pathname}`,
          bytes: transferred[i] ?? 0,
        }))
        .sort((a, b) => b.bytes - a.bytes);
      samples.push({
        jsBytesTransferred: transferred.reduce((a, b) => a + b, 0),
        jsBytesGzip: scripts.reduce((sum, r) => sum + gzipSizeOf(r.url, distDirs), 0),
        requests: requests.length,
        remotesContacted: [
          ...new Set(requests.map((r) => portNames[r.url.port]).filter((n): n is string => Boolean(n) && n !== 'api')),
        ].sort(),
        firebaseRequested: firebase.length > 0,
        firebaseBeforeInteractive: firebase.some((r) => r.at < interactiveAt),
        scripts: perScript,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return {
    jsBytesTransferred: median(samples.map((s) => s.jsBytesTransferred)),
    jsBytesGzip: median(samples.map((s) => s.jsBytesGzip)),
    requests: median(samples.map((s) => s.requests)),
    remotesContacted: [...new Set(samples.flatMap((s) => s.remotesContacted))].sort(),
    firebaseRequested: samples.some((s) => s.firebaseRequested),
    firebaseBeforeInteractive: samples.some((s) => s.firebaseBeforeInteractive),
    scripts: samples.at(-1)?.scripts ?? [],
  };
}
