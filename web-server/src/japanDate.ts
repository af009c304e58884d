// The site's calendar is Japan's (Asia/Tokyo, UTC+9 all year): the footer's year is Japan's on the
// server and in the browser, and the page cache keys by it so no page outlives New Year.
const yearInJapan = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Tokyo', year: 'numeric' });

export const japanYear = (now: Date = new Date()): number => Number(yearInJapan.format(now));
