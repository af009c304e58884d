import { formatArticleDate, formatTimestamp } from './timeZones';

describe('formatArticleDate', () => {
  it('shows the day as written in Japan time', () => {
    expect(formatArticleDate('2025-08-01', 'Asia/Tokyo')).toBe('2025年8月1日');
  });

  it('shows the same moment in UTC with its time and zone', () => {
    expect(formatArticleDate('2025-08-01', 'UTC')).toBe('2025年7月31日 15:00 (UTC)');
  });

  it('leaves an unparsable date as it is', () => {
    expect(formatArticleDate('someday', 'UTC')).toBe('someday');
  });
});

describe('formatTimestamp', () => {
  const instant = 'Fri, 30 May 2025 05:05:00 GMT';

  it('writes a long Japanese date with time in the chosen zone', () => {
    expect(formatTimestamp(instant, 'Asia/Tokyo')).toBe('2025年5月30日 14:05 (JST)');
    expect(formatTimestamp(instant, 'UTC')).toBe('2025年5月30日 05:05 (UTC)');
  });

  it('says 不明 when the moment is missing or unreadable', () => {
    expect(formatTimestamp(null, 'Asia/Tokyo')).toBe('不明');
    expect(formatTimestamp('', 'UTC')).toBe('不明');
    expect(formatTimestamp('not a date', 'UTC')).toBe('不明');
  });
});
