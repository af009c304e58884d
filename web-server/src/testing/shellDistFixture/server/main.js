// A stand-in for the shell's server build (shell/dist/server/main.js) in serverRendering's tests:
// /articles/* pages are "rendered" with the origin they were given; /degraded/* pages are what a
// render gives while the article API fails (the build's snapshot stood in); /missing/* say 404.
let calls = 0;

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
      root: `<main>${request.url} render ${calls}</main>`,
      data: '',
      remoteBuild: 'fixture',
      degraded: request.url.startsWith('/degraded'),
    };
  },
  async siteDocument(pathname, origin) {
    return { type: 'text/plain; charset=utf-8', body: `Sitemap: ${origin}/sitemap.xml` };
  },
});
