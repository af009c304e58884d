/**
 * localStorage access that never throws: storage can be disabled (Safari private mode,
 * blocked cookies) or hand-edited, and neither may crash a page. On a server (no window) reads
 * yield null and writes do nothing.
 */
export function readString(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeString(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* storage unavailable: the value lives for this page only */
  }
}

export function removeKey(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    /* nothing to remove */
  }
}

/** Reads JSON and keeps it only if `isValid` accepts it; anything else yields null. */
export function readJson<T>(key: string, isValid: (value: unknown) => value is T): T | null {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isValid(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeString(key, JSON.stringify(value));
}

/** Every storage key the product uses (spec section 9), in one place. */
export const storageKeys = {
  theme: 'theme',
  userProfile: 'userProfile',
  isAdmin: 'isAdmin',
  loginRedirectPath: 'loginRedirectPath',
  articles: 'articles',
  businessSettings: 'businessSettings',
  businessDashboardSettings: 'businessDashboardSettings',
  /** An admin's remote preview overrides (shell, docs/releasing.md). */
  previewOverrides: 'mfPreviewOverrides',
} as const;
