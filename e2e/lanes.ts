/**
 * The lanes of the browser suite (docs/testing.md): each lane is a Playwright project that runs
 * its files one at a time, and the lanes run side by side. A file not listed here runs in the lane
 * of the private web apps, one after their files: the safe place for a file that starts servers on
 * :4000–4004. Pure data, so that a repo test can check the rule below without Playwright.
 */
export const LANES: { name: string; files: string[] }[] = [
  // Files that write the standard stack's articles (one creates an article another counts, the
  // seed's 21 articles are counted exactly, a test opens "the first article" of the list) or read
  // them in a way a write beside them would break: one after another, in this order, as before.
  // The business pages (they touch only the Auth emulator's accounts) share the lane, to even out
  // the lanes.
  {
    name: 'shared data',
    files: [
      'admin-console',
      'business-articles',
      'public-articles',
      'reliability-cors',
      'reliability-service',
      'runtime-config',
      'server-rendering-early-input',
      'server-rendering-hydration',
      // Opens the first article of the list, like the hydration file.
      'public-pages-health-beacon',
      'server-rendering',
      'business-layout',
      'business-profile',
      'business-settings',
    ],
  },
  // The rest write only to servers of their own (private APIs on :4151–4153, the topology's on
  // free ports) or to nothing but the Auth emulator's accounts, and count nothing that a write of
  // the first lane changes (public-pages counts the content items and the home page's three
  // newest articles). Grouped so that the lanes take about as long as each other.
  // release-canary, release-canary-steps, release-bucket and release-vitals all start the canary world (its own
  // release service, article API, web servers and public-site server on the fixed ports
  // :4181–4185): one lane, so never two at once (CI's run of 8b56127 failed on EADDRINUSE :4184
  // when two were in two lanes). Alone in it: the four take the longest of any lane (about 12 of a
  // run's 24 minutes), which ended alone on the machine for its last 5 minutes when it held the
  // admin preview's XSS file too.
  {
    name: 'canary world',
    files: ['release-canary', 'release-canary-steps', 'release-bucket', 'release-vitals'],
  },
  {
    name: 'public XSS',
    files: [
      'reliability-xss-stored',
      'reliability-xss-browser',
      'topology',
      'topology-hostile-requests',
      'auth',
      'auth-session',
    ],
  },
  { name: 'storage and admin preview XSS', files: ['reliability-storage', 'public-pages', 'reliability-xss-admin'] },
];
