import type { Page } from '@playwright/test';

interface ShareEntry {
  from: string;
  loaded?: boolean;
}

/** For each shared package: the providers whose copy was actually loaded on this page. */
export async function loadedSharedCopies(page: Page, packages: string[]): Promise<Record<string, string[]>> {
  return page.evaluate((names) => {
    const share = (
      globalThis as unknown as {
        __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, ShareEntry>>>> };
      }
    ).__FEDERATION__.__SHARE__;
    const copies: Record<string, string[]> = Object.fromEntries(names.map((n) => [n, []]));
    for (const scopes of Object.values(share)) {
      for (const packagesInScope of Object.values(scopes)) {
        for (const name of names) {
          for (const [version, entry] of Object.entries(packagesInScope[name] ?? {})) {
            const id = `${entry.from}@${version}`;
            if (entry.loaded && !copies[name]!.includes(id)) copies[name]!.push(id);
          }
        }
      }
    }
    return copies;
  }, packages);
}

/** The manifest build version of a loaded remote (MF_BUILD_VERSION at its build). */
export async function remoteBuildVersion(page: Page, remote: string): Promise<string | undefined> {
  return page.evaluate((name) => {
    const info = (
      globalThis as unknown as { __FEDERATION__: { moduleInfo: Record<string, { buildVersion?: string }> } }
    ).__FEDERATION__.moduleInfo;
    const key = Object.keys(info).find((k) => k.startsWith(`${name}:`));
    return key ? info[key]!.buildVersion : undefined;
  }, remote);
}
