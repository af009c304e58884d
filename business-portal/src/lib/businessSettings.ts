import { readString, removeKey, storageKeys, writeJson } from 'shared-core';

/**
 * The business settings (spec section 3), kept in this browser under `businessSettings`. Stored
 * values are read field by field: a hand-edited or older entry keeps what is still valid and
 * falls back to the default for the rest.
 */
export type SettingsLanguage = 'ja' | 'en';
export type SettingsTimeZone = 'Asia/Tokyo' | 'UTC';

export interface BusinessSettings {
  emailNotifications: boolean;
  darkMode: boolean;
  language: SettingsLanguage;
  timezone: SettingsTimeZone;
  marketingEmails: boolean;
  securityAlerts: boolean;
}

export const DEFAULT_BUSINESS_SETTINGS: Readonly<BusinessSettings> = Object.freeze({
  emailNotifications: true,
  darkMode: false,
  language: 'ja',
  timezone: 'Asia/Tokyo',
  marketingEmails: false,
  securityAlerts: true,
});

const LANGUAGES: readonly SettingsLanguage[] = ['ja', 'en'];
const TIME_ZONES: readonly SettingsTimeZone[] = ['Asia/Tokyo', 'UTC'];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function pick<T>(value: unknown, isValid: (v: unknown) => v is T, fallback: T): T {
  return isValid(value) ? value : fallback;
}
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isLanguage = (v: unknown): v is SettingsLanguage => LANGUAGES.includes(v as SettingsLanguage);
const isTimeZone = (v: unknown): v is SettingsTimeZone => TIME_ZONES.includes(v as SettingsTimeZone);

/** Any value → complete settings; each missing or mistyped field takes its default. */
export function parseBusinessSettings(raw: unknown): BusinessSettings {
  const source = isRecord(raw) ? raw : {};
  const d = DEFAULT_BUSINESS_SETTINGS;
  return {
    emailNotifications: pick(source.emailNotifications, isBoolean, d.emailNotifications),
    darkMode: pick(source.darkMode, isBoolean, d.darkMode),
    language: pick(source.language, isLanguage, d.language),
    timezone: pick(source.timezone, isTimeZone, d.timezone),
    marketingEmails: pick(source.marketingEmails, isBoolean, d.marketingEmails),
    securityAlerts: pick(source.securityAlerts, isBoolean, d.securityAlerts),
  };
}

function readRaw(key: string): unknown {
  const text = readString(key);
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined; // malformed JSON: every field takes its default
  }
}

export function saveBusinessSettings(settings: BusinessSettings): void {
  writeJson(storageKeys.businessSettings, settings);
}

/**
 * Reads the settings. An entry under the older `businessDashboardSettings` key (another screen's
 * reading of the spec) is migrated once when no `businessSettings` exists yet; the old key is
 * removed either way, so it can never be read again.
 */
export function loadBusinessSettings(): BusinessSettings {
  const hasCurrent = readString(storageKeys.businessSettings) !== null;
  const hasLegacy = readString(storageKeys.businessDashboardSettings) !== null;
  if (!hasCurrent && hasLegacy) {
    const migrated = parseBusinessSettings(readRaw(storageKeys.businessDashboardSettings));
    saveBusinessSettings(migrated);
    removeKey(storageKeys.businessDashboardSettings);
    return migrated;
  }
  if (hasLegacy) removeKey(storageKeys.businessDashboardSettings);
  return parseBusinessSettings(readRaw(storageKeys.businessSettings));
}
