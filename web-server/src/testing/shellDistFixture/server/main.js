// A stand-in for the shell's server build (shell/dist/server/main.js) in serverRendering's and the
// shell server's tests: /articles/* pages are "rendered" with the origin they were given;
// /degraded/* pages are what a render gives while the article API fails (the build's snapshot
// stood in); /missing/* say 404. The release that rendered a page is the folder of the
// public-site manifest it was given (…/<release>/mf-manifest.json).
let calls = 0;
/** Releases loaded ahead of their pages (the server's start): a page says whether its release was. */
const loaded = new Set();

exports.loadRenderer = async () => ({
  NONCE_PLACEHOLDER: '__CSP_NONCE__',
  configure() {},
  serverRendered: (pathname) => (pathname.startsWith('/business') ? null : 'public'),
  async renderPage(request) {
    calls += 1;
    const status = request.url.includes('/missing') ? 404 : 200;
    return {
      status,
      head: `<link rel="canonical" href="${request.origin}${request.url}">`,
      styles: '',
      root: `<main>${request.url} render ${calls} by ${request.publicSiteManifest}${loaded.has(request.publicSiteManifest) ? ', loaded before' : ''}</main>`,
      data: '',
      remoteBuild: request.publicSiteManifest ? request.publicSiteManifest.split('/').at(-2) : null,
      degraded: request.url.startsWith('/degraded'),
    };
  },
  async loadRelease(manifestUrl) {
    loaded.add(manifestUrl);
  },
  async siteDocument(pathname, origin) {
    return { type: 'text/plain; charset=utf-8', body: `Sitemap: ${origin}/sitemap.xml` };
  },
});
