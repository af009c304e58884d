/**
 * A release's version id is a folder name in the artifact store and a path segment of its URL:
 * letters, digits and `. _ -`, starting with a letter or digit, so `..`, `/` and `%2e` can never
 * reach a path.
 */
export const VERSION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export const VERSION_ID_RULE = '英数字と . _ - の 64 文字以内で、英数字から始めてください。';

export const isVersionId = (value: unknown): value is string => typeof value === 'string' && VERSION_ID.test(value);

/** A new version id from the clock, e.g. 20250601-102030. */
export const versionFromClock = (now = new Date()): string =>
  now
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replaceAll(/[-:]/g, '')
    .replace('T', '-');
