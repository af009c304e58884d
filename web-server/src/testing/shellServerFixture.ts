/**
 * What the shell servers of the release tests (canaryPages, viewTokens) start from: a copy of the
 * shell's dist fixture with a bare index.html, and a configuration rendering public pages on the
 * main thread with the page cache, public-site served from `LIVE` unless the registry says more.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { WebServerConfig } from '../config/config';

export const LIVE = 'https://cdn.example/public-site/v1/mf-manifest.json';

/** Copies the fixture before the file's tests and removes it after them; read the folder inside a test. */
export function shellDistCopy(prefix: string): () => string {
  let shellDist: string | undefined;
  beforeAll(() => {
    shellDist = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    fs.cpSync(path.join(__dirname, 'shellDistFixture'), shellDist, { recursive: true });
    fs.writeFileSync(
      path.join(shellDist, 'index.html'),
      '<!doctype html><html><head><meta charset="utf-8"></head><body><div id="root"></div></body></html>',
    );
  });
  afterAll(() => {
    if (shellDist) fs.rmSync(shellDist, { recursive: true, force: true });
  });
  return () => {
    if (!shellDist) throw new Error('shellDistCopy: the folder exists only inside the tests');
    return shellDist;
  };
}

/** The test configuration on `shellDist`, any setting overridable (a registry, a port, view-token keys). */
export const testShellConfig = (shellDist: string, overrides: Partial<WebServerConfig> = {}): WebServerConfig =>
  Object.assign(
    {
      siteOrigin: 'https://ai-manabi.example',
      host: '127.0.0.1',
      port: 0,
      shellDist,
      remotes: { public_site: LIVE },
      registryUrl: null,
      registryRefreshMs: 1000,
      runtime: {
        auth: { mode: 'emulator' as const, projectId: 'demo', emulatorPort: 9099 },
        adminEmails: [],
        previewOrigins: [],
      },
      serverApiUrl: 'http://127.0.0.1:9/api',
      serverRendering: true,
      pageCache: true,
      renderThreads: 0,
      drainTimeoutMs: 1000,
    },
    overrides,
  );
