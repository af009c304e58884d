import { getRuntimeConfig } from 'shared-core';
import {
  PREVIEW_PARAM,
  parseOverrideParams,
  readStoredOverrides,
  storeOverrides,
  vetOverrides,
  type Refusal,
} from './previewOverrides';
import { reloadTo } from './pageReload';
import { setPreviewOverrides, type RemoteRegistry } from './registry';

export interface PreviewState {
  active: RemoteRegistry;
  refused: Refusal[];
}

/** No overrides: what the server renders and the browser hydrates before auth is known. */
export const NO_PREVIEW: PreviewState = { active: {}, refused: [] };
const NONE = NO_PREVIEW;
let state: PreviewState = NONE;
let appliedForAdmin = false;
const listeners = new Set<() => void>();

const publish = (next: PreviewState) => {
  state = next;
  for (const listener of listeners) listener();
};

/**
 * Follows the auth state. Overrides (remembered ones and `?mf-override=`) apply only once
 * Firebase has confirmed an admin: before that, and for visitors and non-admins, the shell uses
 * the registry and nothing is stored. Called before the admin area mounts, so the console is
 * loaded from the override straight away.
 */
export function syncPreview(isConfirmedAdmin: boolean, search = window.location.search): void {
  if (!isConfirmedAdmin) {
    if (appliedForAdmin) {
      appliedForAdmin = false;
      setPreviewOverrides({});
      publish(NONE);
    }
    return;
  }
  if (appliedForAdmin) return;
  appliedForAdmin = true;
  const requests = [...readStoredOverrides(), ...parseOverrideParams(search)];
  if (!requests.length) return;
  const { accepted, refused } = vetOverrides(requests, getRuntimeConfig().previewOrigins);
  storeOverrides(accepted);
  setPreviewOverrides(accepted);
  publish({ active: accepted, refused });
}

/** Forgets every override and reloads the page without `?mf-override=`, on the registry's remotes. */
export function resetPreview(): void {
  storeOverrides({});
  const url = new URL(window.location.href);
  url.searchParams.delete(PREVIEW_PARAM);
  reloadTo(url.href);
}

export const getPreviewState = (): PreviewState => state;

export function subscribeToPreview(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tests start from a signed-out page. */
export function resetPreviewForTests(): void {
  appliedForAdmin = false;
  state = NONE;
}
