// The site's calendar is Japan's (Asia/Tokyo, UTC+9 all year): the footer's year is Japan's on the
// server and in the browser, and the page cache keys by it so no page outlives New Year.
const yearInJapan = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Tokyo', year: 'numeric' });

/** Japan's year at `now`. */
export const japanYear = (now: Date = new Date()): number => Number(yearInJapan.format(now));

/**
 * Japan's year now, formatted at most once a second: asked on every page request, where
 * Intl's formatting would be a few microseconds of a cached page's hundred or so.
 */
export function currentJapanYear(now = Date.now()): number {
  if (now - lastAsked.at >= 1000 || now < lastAsked.at) lastAsked = { at: now, year: japanYear(new Date(now)) };
  return lastAsked.year;
}
let lastAsked = { at: -Infinity, year: 0 };
