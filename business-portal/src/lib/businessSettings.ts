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

const LANGUAGES: readonly SettingsLanguage[] = ['ja', 'en'];
const TIME_ZONES: readonly SettingsTimeZone[] = ['Asia/Tokyo', 'UTC'];

const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isLanguage = (v: unknown): v is SettingsLanguage => LANGUAGES.includes(v as SettingsLanguage);
const isTimeZone = (v: unknown): v is SettingsTimeZone => TIME_ZONES.includes(v as SettingsTimeZone);

interface Field<T> {
  isValid: (v: unknown) => v is T;
  fallback: T;
}

/** Each setting's check and its default (spec section 3). */
const FIELDS: { readonly [K in keyof BusinessSettings]: Field<BusinessSettings[K]> } = {
  emailNotifications: { isValid: isBoolean, fallback: true },
  darkMode: { isValid: isBoolean, fallback: false },
  language: { isValid: isLanguage, fallback: 'ja' },
  timezone: { isValid: isTimeZone, fallback: 'Asia/Tokyo' },
  marketingEmails: { isValid: isBoolean, fallback: false },
  securityAlerts: { isValid: isBoolean, fallback: true },
};
const FIELD_ENTRIES = Object.entries(FIELDS) as Array<[keyof BusinessSettings, Field<unknown>]>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Any value → complete settings; each missing or mistyped field takes its default. */
export function parseBusinessSettings(raw: unknown): BusinessSettings {
  const source = isRecord(raw) ? raw : {};
  const settings: Record<string, unknown> = {};
  for (const [key, { isValid, fallback }] of FIELD_ENTRIES) {
    settings[key] = isValid(source[key]) ? source[key] : fallback;
  }
  return settings as unknown as BusinessSettings;
}

export const DEFAULT_BUSINESS_SETTINGS: Readonly<BusinessSettings> = Object.freeze(parseBusinessSettings(undefined));

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
