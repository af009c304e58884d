/**
 * The lanes of the browser suite (docs/testing.md): each lane is a Playwright project that runs
 * its files one at a time, and the lanes run side by side. A file no lane lists runs in the lane
 * of the private web apps (`rest`): the safe place for a file that starts servers on :4000–4004.
 * Pure data, so that a repo test can check the rule below without Playwright.
 *
 * Listed in the order they start, the longest first: Playwright gives a free worker the next lane
 * of the list.
 */
export const LANES: { name: string; files: string[]; rest?: true }[] = [
  // The four files that start the canary world (its own release service, article API, web servers
  // and public-site server) take the longest of any (about 12 minutes together): one lane, first,
  // so that they start first. Each worker's world has ports of its own
  // (./support/releases/canaryPorts.ts), so the files could sit in two lanes; in two, on a 2-core
  // machine whose cores the suite keeps busy, the run was no shorter and release-vitals' 36 visits
  // passed its 5-minute limit beside the other canary world.
  { name: 'canary world', files: ['release-canary', 'release-canary-steps', 'release-bucket', 'release-vitals'] },
  // The files that start private copies of the web apps on :4000–4004 (platform, release,
  // reliability-remotes, server-rendering-redeploys; release.spec's release service and API on
  // :4101–4102), hosting.spec, and every file no other lane lists. They read the shared articles
  // but count none of them.
  { name: 'private web apps', files: [], rest: true },
  // These write only to servers of their own (private APIs on :4151–4153, the topology's on free
  // ports) or to nothing but the Auth emulator's accounts, and count nothing that a write of the
  // shared-data lane changes (public-pages counts the content items and the home page's three
  // newest articles). Grouped so that the lanes take about as long as each other.
  { name: 'storage and admin preview XSS', files: ['reliability-storage', 'reliability-xss-admin'] },
  {
    name: 'public XSS',
    files: [
      'public-pages',
      'reliability-xss-stored',
      'reliability-xss-browser',
      'topology',
      'topology-hostile-requests',
      'auth',
      'auth-session',
    ],
  },
  // Files that write the standard stack's articles (one creates an article another counts, the
  // seed's 21 articles are counted exactly, a test opens "the first article" of the list) or read
  // them in a way a write beside them would break: one after another, in this order. The business
  // pages (they touch only the Auth emulator's accounts) share the lane, to even out the lanes.
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
];
