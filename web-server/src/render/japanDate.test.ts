import { currentJapanYear, japanYear } from './japanDate';

describe("Japan's year", () => {
  it('turns at midnight in Tokyo, nine hours before UTC', () => {
    expect(japanYear(new Date('2026-12-31T14:59:59Z'))).toBe(2026);
    expect(japanYear(new Date('2026-12-31T15:00:00Z'))).toBe(2027);
  });

  it('is asked afresh once a second at most, and follows the clock across New Year', () => {
    const beforeMidnight = Date.parse('2026-12-31T14:59:59.500Z');
    expect(currentJapanYear(beforeMidnight)).toBe(2026);
    expect(currentJapanYear(beforeMidnight + 600)).toBe(2026);
    expect(currentJapanYear(beforeMidnight + 1000)).toBe(2027);
  });
});
