import { formatJapaneseDate, formatJapaneseDateTime } from 'shared-articles';
import type { SettingsTimeZone } from './businessSettings';

export interface TimeZoneOption {
  value: SettingsTimeZone;
  label: string;
  abbreviation: string;
}

/** The two zones the settings offer (spec section 2). */
export const TIME_ZONE_OPTIONS: readonly TimeZoneOption[] = [
  { value: 'Asia/Tokyo', label: '日本標準時 (JST)', abbreviation: 'JST' },
  { value: 'UTC', label: '協定世界時 (UTC)', abbreviation: 'UTC' },
];

/** The zone article dates are written in: the service and its operators are in Japan. */
const ARTICLE_TIME_ZONE: SettingsTimeZone = 'Asia/Tokyo';

function abbreviation(timeZone: SettingsTimeZone): string {
  return TIME_ZONE_OPTIONS.find((option) => option.value === timeZone)?.abbreviation ?? timeZone;
}

/**
 * An article's date (YYYY-MM-DD, a publication day in Japan) in the chosen zone. In JST it is
 * the day as written ('2025年8月1日'). Elsewhere that day starts at a different local time, so
 * the moment is shown with its time and zone ('2025年7月31日 15:00 (UTC)') rather than silently
 * turning into the previous day.
 */
export function formatArticleDate(isoDate: string, timeZone: SettingsTimeZone): string {
  if (timeZone === ARTICLE_TIME_ZONE) return formatJapaneseDate(isoDate);
  const startOfDayInJapan = new Date(`${isoDate}T00:00:00+09:00`);
  if (Number.isNaN(startOfDayInJapan.getTime())) return formatJapaneseDate(isoDate);
  return `${formatJapaneseDateTime(startOfDayInJapan, timeZone)} (${abbreviation(timeZone)})`;
}

/** A moment (account created, last sign-in) as '2025年5月30日 14:05 (JST)'; '不明' when absent. */
export function formatTimestamp(value: string | null | undefined, timeZone: SettingsTimeZone): string {
  const text = formatJapaneseDateTime(value, timeZone);
  const known = value != null && value !== '' && !Number.isNaN(new Date(value).getTime());
  return known ? `${text} (${abbreviation(timeZone)})` : text;
}
