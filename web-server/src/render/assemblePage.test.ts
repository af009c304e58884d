import fs from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { assemblePage, FONTS_COOKIE, fontsCachedFromCookie, themeFromCookie } from './assemblePage';
import { starterOf } from './starter';

/**
 * The served HTML: the shell's minified index.html with the theme on <html> and, when the page
 * was server-rendered, its head, styles, markup and data in place of the empty #root.
 */
const repoRoot = path.resolve(__dirname, '..', '..', '..');
const builtTemplate = path.join(repoRoot, 'shell', 'dist', 'index.html');

// The shape html-webpack-plugin's minifier gives the shell's index.html (attribute quotes dropped).
const minifiedTemplate =
  '<!doctype html><html lang=ja><head><meta charset=utf-8><meta name=viewport content="width=device-width,initial-scale=1">' +
  '<meta name=description content=AIまなびは、生成AIを学べるメディアです。><title>AIまなび</title>' +
  '<link rel=preload href=/assets/montserrat-latin-700-normal.0123456789.woff2 as=font type=font/woff2 crossorigin=anonymous>' +
  '<script defer src=/main.js></script></head><body><noscript>JavaScriptを有効にしてください。</noscript>' +
  '<div id=root></div></body></html>';

const templates: [string, string][] = [['a minified template', minifiedTemplate]];
if (fs.existsSync(builtTemplate)) templates.push(['shell/dist/index.html', fs.readFileSync(builtTemplate, 'utf8')]);

const rendered = {
  head: '<title>記事の題 | AIまなび</title><meta name="description" content="記事の要約">',
  styles: '<style nonce="__CSP_NONCE__" data-styled="active">.a{color:red}</style>',
  root: '<main><h1>記事の題</h1></main>',
  data: '<script type="application/json" id="public-site-state">{"queries":[]}</script>',
};

const parse = (html: string) => new JSDOM(html).window.document;

describe.each(templates)('assemblePage on %s', (_name, template) => {
  describe('a server-rendered page', () => {
    const html = assemblePage(template, { nonce: 'n0nce', headExtra: '<link rel=alternate>', theme: 'dark', rendered });
    const doc = parse(html);

    it('keeps <meta charset> first in <head>', () => {
      expect(html).toMatch(/^<!doctype html><html[^>]*><head><meta charset=/i);
      expect(doc.head.firstElementChild?.getAttribute('charset')).toBe('utf-8');
    });

    it("has the page's own title and description instead of the site's, and no noscript notice", () => {
      expect([...doc.querySelectorAll('title')].map((title) => title.textContent)).toEqual(['記事の題 | AIまなび']);
      const descriptions = doc.querySelectorAll('meta[name="description"]');
      expect([...descriptions].map((meta) => meta.getAttribute('content'))).toEqual(['記事の要約']);
      expect(doc.querySelector('noscript')).toBeNull();
    });

    it('fills #root with the markup and puts the data right after it', () => {
      const root = doc.getElementById('root');
      expect(root?.innerHTML).toBe(rendered.root);
      expect(root?.nextElementSibling?.id).toBe('public-site-state');
      expect(doc.querySelectorAll('#root')).toHaveLength(1);
    });

    it("gives the styles the response's nonce and publishes the nonce for the runtime", () => {
      const style = doc.querySelector('style[data-styled]');
      expect(style?.getAttribute('nonce')).toBe('n0nce');
      expect(html).not.toContain('__CSP_NONCE__');
      expect(doc.querySelector('meta[property="csp-nonce"]')?.getAttribute('nonce')).toBe('n0nce');
    });

    it('marks <html> as server-rendered in the theme, with a matching color-scheme', () => {
      expect(doc.documentElement.hasAttribute('data-ssr')).toBe(true);
      expect(doc.documentElement.getAttribute('data-theme')).toBe('dark');
      expect(doc.documentElement.getAttribute('lang')).toBe('ja');
      expect(doc.querySelector('meta[name="color-scheme"]')?.getAttribute('content')).toBe('dark');
    });

    it('keeps the extra head tags, and starts the scripts and their preloads only after the first paint', () => {
      const withHints = parse(
        assemblePage(template, {
          nonce: 'n0nce',
          headExtra: '<link rel=alternate><link rel="preload" href="http://remote/remoteEntry.js" as="script">',
          theme: 'dark',
          rendered,
        }),
      );
      expect(withHints.querySelector('link[rel="alternate"]')).not.toBeNull();
      expect(withHints.querySelector('script[src="/main.js"], link[as="script"], link[as="fetch"]')).toBeNull();
      const later = JSON.parse(withHints.getElementById('after-paint')?.textContent ?? '[]') as string[];
      expect(later).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^<script defer src=\/main\.js><\/script>$/),
          '<link rel="preload" href="http://remote/remoteEntry.js" as="script">',
        ]),
      );
      // Without a starter to inline: the file, async and last in the body (a task of its own,
      // after the markup is parsed).
      const starter = withHints.querySelector('script[src="/after-paint.js"]');
      expect(starter?.hasAttribute('async')).toBe(true);
      expect(starter?.parentElement?.tagName).toBe('BODY');
      expect(starter?.nextElementSibling).toBeNull();
    });

    it('inlines the starter it is given, last in the body, instead of loading the file', () => {
      const source = '(()=>{document.title="started"})();';
      const page = parse(
        assemblePage(template, { nonce: 'n', headExtra: '', theme: 'light', rendered, starter: starterOf(source) }),
      );
      const scripts = [...page.querySelectorAll('script:not([type="application/json"])')];
      expect(scripts.map((script) => [script.getAttribute('src'), script.textContent])).toEqual([[null, source]]);
      expect(scripts[0]?.parentElement?.tagName).toBe('BODY');
      expect(scripts[0]?.nextElementSibling).toBeNull();
      // Its lazy images wait for it (GlobalStyle): only with the inline starter, never the file's.
      expect(page.documentElement.dataset.images).toBe('after-paint');
      // The next response without one is laid out afresh: the file again.
      const without = parse(assemblePage(template, { nonce: 'n', headExtra: '', theme: 'light', rendered }));
      expect(without.querySelector('script[src="/after-paint.js"]')).not.toBeNull();
      expect(without.documentElement.hasAttribute('data-images')).toBe(false);
      const client = parse(
        assemblePage(template, {
          nonce: 'n',
          headExtra: '',
          theme: 'light',
          rendered: null,
          starter: starterOf(source),
        }),
      );
      expect(client.documentElement.hasAttribute('data-images')).toBe(false);
      expect(client.querySelector('script:not([src]):not([type])')).toBeNull();
    });

    it('runs the starter even with no script to start: it also marks the page painted for its images', () => {
      const bare = '<!doctype html><html><head><meta charset="utf-8"></head><body><div id="root"></div></body></html>';
      const page = parse(
        assemblePage(bare, { nonce: 'n', headExtra: '', theme: 'light', rendered, starter: starterOf('go();') }),
      );
      expect(page.getElementById('after-paint')?.textContent).toBe('[]');
      expect(page.body.lastElementChild?.textContent).toBe('go();');
    });

    it('never takes a script out of the rendered markup', () => {
      const markup = { ...rendered, root: '<main><script src="/x.js"></script></main>' };
      const page = parse(assemblePage(template, { nonce: 'n', headExtra: '', theme: 'light', rendered: markup }));
      expect(page.getElementById('after-paint')?.textContent).not.toContain('/x.js');
    });
  });

  describe('the heading font (Montserrat, font-display: optional)', () => {
    const fontHints = (doc: Document) => [
      ...doc.querySelectorAll('link[as="font"]'),
      ...(JSON.parse(doc.getElementById('after-paint')?.textContent ?? '[]') as string[]).filter((tag) =>
        /as=["']?font/.test(tag),
      ),
    ];
    const page = (fontsCached: boolean | undefined, withRender = true) =>
      parse(
        assemblePage(template, {
          nonce: 'n',
          headExtra: '',
          theme: 'light',
          rendered: withRender ? rendered : null,
          ...(fontsCached === undefined ? {} : { fontsCached }),
        }),
      );

    it('is neither preloaded nor asked for by a rendered page for a browser not known to have it', () => {
      for (const doc of [page(undefined), page(false)]) {
        expect(doc.documentElement.dataset.fonts).toBe('later');
        expect(fontHints(doc)).toEqual([]);
      }
    });

    it('is preloaded in the head of a rendered page once the browser has it, and the headings use it', () => {
      const doc = page(true);
      expect(doc.documentElement.hasAttribute('data-fonts')).toBe(false);
      expect(doc.querySelectorAll('head link[rel="preload"][as="font"]')).toHaveLength(1);
    });

    it('is preloaded by a client-rendered page as before (its first paint waits for the scripts anyway)', () => {
      const doc = page(undefined, false);
      expect(doc.documentElement.hasAttribute('data-fonts')).toBe(false);
      expect(doc.querySelectorAll('head link[rel="preload"][as="font"]')).toHaveLength(1);
    });

    it('alternates between the two forms of the same page without mixing them', () => {
      expect(page(false).documentElement.dataset.fonts).toBe('later');
      expect(fontHints(page(true))).toHaveLength(1);
      expect(fontHints(page(false))).toEqual([]);
    });
  });

  describe('the client-rendered page (nothing rendered)', () => {
    const html = assemblePage(template, { nonce: 'n0nce', headExtra: '', theme: null, rendered: null });
    const doc = parse(html);

    it('starts its scripts at once (there is nothing painted to wait for)', () => {
      expect(doc.querySelector('script[src="/main.js"]')).not.toBeNull();
      expect(doc.getElementById('after-paint')).toBeNull();
    });

    it("keeps the site's title, description, noscript notice and the empty #root", () => {
      expect(doc.title).toBe('AIまなび');
      expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/^AIまなびは/);
      expect(doc.querySelector('noscript')).not.toBeNull();
      expect(doc.getElementById('root')?.innerHTML).toBe('');
      expect(doc.querySelector('#public-site-state, style')).toBeNull();
    });

    it('is not marked server-rendered and names no theme when the request has none', () => {
      expect(doc.documentElement.hasAttribute('data-ssr')).toBe(false);
      expect(doc.documentElement.hasAttribute('data-theme')).toBe(false);
      expect(doc.querySelector('meta[name="color-scheme"]')).toBeNull();
      expect(doc.head.firstElementChild?.getAttribute('charset')).toBe('utf-8');
      expect(doc.querySelector('meta[property="csp-nonce"]')?.getAttribute('nonce')).toBe('n0nce');
    });

    it("still starts in the visitor's theme", () => {
      const dark = parse(assemblePage(template, { nonce: 'n', headExtra: '', theme: 'dark', rendered: null }));
      expect(dark.documentElement.getAttribute('data-theme')).toBe('dark');
      expect(dark.querySelector('meta[name="color-scheme"]')?.getAttribute('content')).toBe('dark');
      expect(dark.documentElement.hasAttribute('data-ssr')).toBe(false);
    });
  });

  it('copies `$` in the content literally (no replacement patterns)', () => {
    const dollars = "$& $' $` $1 $$ $<";
    const html = assemblePage(template, {
      nonce: 'n',
      headExtra: '',
      theme: 'light',
      rendered: {
        head: `<title>${dollars}</title>`,
        styles: '',
        root: `<p>${dollars}</p>`,
        data: `<script type="application/json" id="public-site-state">"${dollars}"</script>`,
      },
    });
    const doc = parse(html);
    expect(doc.title).toBe(dollars);
    expect(doc.querySelector('#root p')?.textContent).toBe(dollars);
    expect(doc.getElementById('public-site-state')?.textContent).toBe(`"${dollars}"`);
  });

  it('escapes the nonce where it becomes an attribute', () => {
    const html = assemblePage(template, { nonce: 'a"b&c', headExtra: '', theme: null, rendered });
    const doc = parse(html);
    expect(doc.querySelector('style')?.getAttribute('nonce')).toBe('a"b&c');
    expect(doc.querySelector('meta[property="csp-nonce"]')?.getAttribute('nonce')).toBe('a"b&c');
  });

  // The template is laid out once per head tags and kind of page; each response fills its own parts.
  it('gives each response only its own nonce, theme and markup, one after another', () => {
    const first = assemblePage(template, {
      nonce: 'first',
      headExtra: '<link rel=alternate>',
      theme: 'dark',
      rendered,
    });
    const second = parse(
      assemblePage(template, {
        nonce: 'second',
        headExtra: '<link rel=alternate>',
        theme: 'light',
        rendered: { ...rendered, root: '<main><h1>別の記事</h1></main>', data: '' },
      }),
    );
    expect(first).toContain('記事の題</h1>');
    expect(second.documentElement.dataset.theme).toBe('light');
    expect(second.querySelector('meta[property="csp-nonce"]')?.getAttribute('nonce')).toBe('second');
    expect(second.querySelector('style')?.getAttribute('nonce')).toBe('second');
    expect(second.querySelector('#root h1')?.textContent).toBe('別の記事');
    expect(second.getElementById('public-site-state')).toBeNull();
    expect(second.documentElement.outerHTML).not.toMatch(/first|dark/);
  });

  it('lays out a changed template and other head tags afresh', () => {
    assemblePage(template, { nonce: 'n', headExtra: '<link rel=alternate>', theme: null, rendered });
    const other = parse(
      assemblePage(template, { nonce: 'n', headExtra: '<link rel=preconnect>', theme: null, rendered }),
    );
    expect(other.querySelector('link[rel="preconnect"]')).not.toBeNull();
    expect(other.querySelector('link[rel="alternate"]')).toBeNull();
    const redeployed = parse(
      assemblePage(template.replace('</body>', '<p id=new-release></p></body>'), {
        nonce: 'n',
        headExtra: '',
        theme: null,
        rendered,
      }),
    );
    expect(redeployed.getElementById('new-release')).not.toBeNull();
  });

  it("keeps markup that looks like the layout's slots as it is", () => {
    const root = '<p>\uE000head\uE000 \uE000root\uE000</p>';
    const html = assemblePage(template, { nonce: 'n', headExtra: '', theme: null, rendered: { ...rendered, root } });
    expect(html).toContain(`<div id="root">${root}</div>`);
  });
});

describe('fontsCachedFromCookie', () => {
  it.each([
    ['fonts=montserrat', true],
    ['theme=dark; fonts=montserrat', true],
    ['fonts=montserrat;theme=dark', true],
    [undefined, false],
    ['', false],
    ['fonts=', false],
    ['fonts=montserrat2', false],
    ['myfonts=montserrat', false],
  ])('reads %p as %p', (header, cached) => {
    expect(fontsCachedFromCookie(header)).toBe(cached);
  });

  it('is the cookie the starter sets once the font is fetched', () => {
    const starter = fs.readFileSync(path.join(repoRoot, 'shell', 'public', 'after-paint.js'), 'utf8');
    expect(starter).toContain(`document.cookie = '${FONTS_COOKIE}; Path=/;`);
  });
});

describe('themeFromCookie', () => {
  it.each([
    ['theme=dark', 'dark'],
    ['theme=light', 'light'],
    ['a=1; theme=dark; b=2', 'dark'],
    ['a=1;theme=light', 'light'],
  ])('reads %p as %p', (header, mode) => {
    expect(themeFromCookie(header)).toBe(mode);
  });

  it.each([undefined, '', 'theme=purple', 'theme=', 'mytheme=dark', 'theme="dark"', 'a=theme=dark'])(
    'reads no theme from %p',
    (header) => {
      expect(themeFromCookie(header)).toBeNull();
    },
  );
});
