import { floorOf, hasScripts } from '../floor';

/** The shape of a served page: minified (unquoted attributes), hints, scripts, data blocks. */
const page = [
  '<!doctype html><html lang="ja" data-ssr><head><meta charset=utf-8>',
  '<title>記事 | AIまなび</title>',
  '<link rel=preload href=/fonts/montserrat-700.woff2 as=font type=font/woff2 crossorigin>',
  '<link rel=preload href=/mf-remotes.json as=fetch crossorigin>',
  '<link rel="preload" href="http://localhost:3002/remoteEntry.js" as="script">',
  '<link rel=modulepreload href=/chunk.js>',
  '<link href=/main.css rel=stylesheet>',
  '<script type="application/ld+json">{"@type":"Article"}</script>',
  '<style nonce="abc">body{color:#111}</style>',
  '<script defer src=/main.js></script>',
  '</head><body><div id="root"><main><h1>記事</h1></main></div>',
  '<script type="application/json" id="public-site-state">{"queries":[]}</script>',
  '<script nonce="abc">window.__boot = 1;</script>',
  '</body></html>',
].join('');

describe('a page floor', () => {
  const floor = floorOf(page);

  it('has no script and no hint that only serves scripts', () => {
    expect(hasScripts(page)).toBe(true);
    expect(hasScripts(floor)).toBe(false);
    expect(floor).not.toContain('/main.js');
    expect(floor).not.toContain('window.__boot');
    expect(floor).not.toContain('remoteEntry.js');
    expect(floor).not.toContain('/mf-remotes.json');
    expect(floor).not.toContain('/chunk.js');
  });

  it('keeps the content, the styles, the font preload and the JSON data blocks', () => {
    expect(floor).toContain('<main><h1>記事</h1></main>');
    expect(floor).toContain('<style nonce="abc">body{color:#111}</style>');
    expect(floor).toContain('<link href=/main.css rel=stylesheet>');
    expect(floor).toContain('as=font');
    expect(floor).toContain('<script type="application/ld+json">{"@type":"Article"}</script>');
    expect(floor).toContain('<script type="application/json" id="public-site-state">{"queries":[]}</script>');
  });
});
