/** Japanese date display. Article dates are calendar dates (YYYY-MM-DD), never instants. */

export const DEFAULT_TIME_ZONE = 'Asia/Tokyo';

/** Shown by the profile card when a timestamp is missing (spec section 2). */
export const UNKNOWN_DATE_TEXT = '不明';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one; UTC keeps the host's time zone out of it.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function parseIsoDate(value: string): CalendarDate | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** True for a real calendar date written YYYY-MM-DD ('2025-02-30' is false). */
export function isValidIsoDate(value: string): boolean {
  return parseIsoDate(value) !== null;
}

/** '2025-05-30' → '2025年5月30日'. Parsed as text, so no time zone can shift the day; invalid input is returned as is. */
export function formatJapaneseDate(isoDate: string): string {
  const date = parseIsoDate(isoDate);
  return date ? `${date.year}年${date.month}月${date.day}日` : isoDate;
}

type DateTimeParts = Record<'year' | 'month' | 'day' | 'hour' | 'minute', string>;

function partsIn(timeZone: string, instant: Date): DateTimeParts {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  // The format above always yields all five parts; '' only satisfies the type.
  const part = (type: keyof DateTimeParts) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute') };
}

/**
 * An instant (ISO string, Firebase metadata string or epoch millis) as '2025年5月30日 14:05' in
 * `timeZone` (the business settings offer Asia/Tokyo and UTC). Missing or unparsable → '不明'.
 */
export function formatJapaneseDateTime(
  value: string | number | Date | null | undefined,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  if (value === null || value === undefined || value === '') return UNKNOWN_DATE_TEXT;
  const instant = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(instant.getTime())) return UNKNOWN_DATE_TEXT;
  const p = partsIn(timeZone, instant);
  return `${p.year}年${p.month}月${p.day}日 ${p.hour}:${p.minute}`;
}

/** Today's date as YYYY-MM-DD in `timeZone` (the admin form's default date). */
export function todayIsoDate(timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): string {
  const p = partsIn(timeZone, now);
  return `${p.year}-${p.month.padStart(2, '0')}-${p.day.padStart(2, '0')}`;
}
