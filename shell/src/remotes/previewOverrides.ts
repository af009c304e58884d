import { readJson, removeKey, storageKeys, writeJson } from 'shared-core';
import { remoteNames, type RemoteName, type RemoteRegistry } from './registry';

/**
 * Preview overrides (docs/releasing.md): an admin points one remote at another
 * manifest for their own browser, e.g. `?mf-override=admin_console=https://…/mf-manifest.json`.
 * This module only parses and vets them; ./preview.ts decides when they apply.
 */
export const PREVIEW_PARAM = 'mf-override';

export interface OverrideRequest {
  remote: string;
  url: string;
}

export interface Refusal extends OverrideRequest {
  reason: string;
}

/** Every `mf-override=<remote>=<url>` in a query string, in order (the URL may contain `=`). */
export function parseOverrideParams(search: string): OverrideRequest[] {
  return new URLSearchParams(search).getAll(PREVIEW_PARAM).flatMap((value) => {
    const split = value.indexOf('=');
    if (split <= 0) return [];
    return [{ remote: value.slice(0, split).trim(), url: value.slice(split + 1).trim() }];
  });
}

const isRemoteName = (name: string): name is RemoteName => (remoteNames as readonly string[]).includes(name);

/** Keeps requests for known remotes whose manifest URL is http(s) on an allowed origin; later ones win. */
export function vetOverrides(
  requests: OverrideRequest[],
  allowedOrigins: readonly string[],
): { accepted: RemoteRegistry; refused: Refusal[] } {
  const accepted: RemoteRegistry = {};
  const refused: Refusal[] = [];
  for (const request of requests) {
    let url: URL | null = null;
    try {
      url = new URL(request.url);
    } catch {
      /* reported below */
    }
    if (!isRemoteName(request.remote)) {
      refused.push({ ...request, reason: `リモート「${request.remote}」はありません` });
    } else if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      refused.push({ ...request, reason: 'http(s) のマニフェスト URL ではありません' });
    } else if (!allowedOrigins.includes(url.origin)) {
      refused.push({ ...request, reason: `${url.origin} はプレビューを許可されたオリジンではありません` });
    } else {
      accepted[request.remote] = url.href;
    }
  }
  return { accepted, refused };
}

const isStoredOverrides = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((url) => typeof url === 'string');

/** Overrides remembered from an earlier visit, as requests (vetted again: the allow-list may have changed). */
export function readStoredOverrides(): OverrideRequest[] {
  const stored = readJson(storageKeys.previewOverrides, isStoredOverrides) ?? {};
  return Object.entries(stored).map(([remote, url]) => ({ remote, url }));
}

export function storeOverrides(overrides: RemoteRegistry): void {
  if (Object.keys(overrides).length) writeJson(storageKeys.previewOverrides, overrides);
  else removeKey(storageKeys.previewOverrides);
}
