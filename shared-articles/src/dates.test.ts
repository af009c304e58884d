import { formatJapaneseDate, formatJapaneseDateTime, isValidIsoDate, todayIsoDate } from './dates';

describe('isValidIsoDate', () => {
  it.each(['2025-05-30', '2024-02-29', '2025-12-31', '2025-01-01'])('accepts %s', (date) => {
    expect(isValidIsoDate(date)).toBe(true);
  });

  it.each([
    '2025-02-30',
    '2025-02-29',
    '2025-13-01',
    '2025-00-10',
    '2025-04-31',
    '2025-5-30',
    '2025/05/30',
    '',
    '2025-05-30T00:00',
  ])('rejects %s', (date) => {
    expect(isValidIsoDate(date)).toBe(false);
  });
});

describe('formatJapaneseDate', () => {
  it('writes year, month and day without zero padding', () => {
    expect(formatJapaneseDate('2025-05-30')).toBe('2025年5月30日');
    expect(formatJapaneseDate('2025-01-01')).toBe('2025年1月1日');
  });

  it('never shifts the day, whatever the host time zone', () => {
    const original = process.env.TZ;
    try {
      process.env.TZ = 'America/Los_Angeles';
      expect(formatJapaneseDate('2025-01-01')).toBe('2025年1月1日');
    } finally {
      process.env.TZ = original;
    }
  });

  it('returns invalid input unchanged', () => {
    expect(formatJapaneseDate('2025-02-30')).toBe('2025-02-30');
  });
});

describe('formatJapaneseDateTime', () => {
  // 15:05 UTC on 29 May is 00:05 on 30 May in Tokyo (UTC+9): the two settings show different days.
  const nearMidnight = '2025-05-29T15:05:00Z';

  it('defaults to Asia/Tokyo', () => {
    expect(formatJapaneseDateTime(nearMidnight)).toBe('2025年5月30日 00:05');
  });

  it('shows the same instant in UTC on the previous day', () => {
    expect(formatJapaneseDateTime(nearMidnight, 'UTC')).toBe('2025年5月29日 15:05');
  });

  it('accepts epoch millis, Date and Firebase metadata strings', () => {
    const millis = Date.UTC(2025, 4, 30, 5, 5);
    expect(formatJapaneseDateTime(millis)).toBe('2025年5月30日 14:05');
    expect(formatJapaneseDateTime(new Date(millis), 'UTC')).toBe('2025年5月30日 05:05');
    expect(formatJapaneseDateTime('Fri, 30 May 2025 05:05:00 GMT')).toBe('2025年5月30日 14:05');
  });

  it('shows 不明 for missing or unparsable values', () => {
    expect(formatJapaneseDateTime(undefined)).toBe('不明');
    expect(formatJapaneseDateTime(null)).toBe('不明');
    expect(formatJapaneseDateTime('')).toBe('不明');
    expect(formatJapaneseDateTime('not a date')).toBe('不明');
  });
});

describe('todayIsoDate', () => {
  it('is the calendar date in the given time zone', () => {
    const now = new Date('2025-05-29T15:05:00Z');
    expect(todayIsoDate('Asia/Tokyo', now)).toBe('2025-05-30');
    expect(todayIsoDate('UTC', now)).toBe('2025-05-29');
  });

  it('produces a valid zero-padded date', () => {
    expect(todayIsoDate('UTC', new Date('2025-01-02T03:00:00Z'))).toBe('2025-01-02');
    expect(isValidIsoDate(todayIsoDate())).toBe(true);
  });
});
