import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { applySanitizePolicy, isAllowedIframeSrc, isScriptableUrl, sanitizeArticleHtml } from './sanitizePolicy';

// The same setup as article-api: DOMPurify on a jsdom window.
const purify = createDOMPurify(new JSDOM('').window);
const clean = (html: string) => sanitizeArticleHtml(purify, html);

describe('isAllowedIframeSrc', () => {
  it.each(['https://www.youtube.com/embed/Qm7xK2pLd9A', 'https://www.youtube-nocookie.com/embed/Qm7xK2pLd9A?start=5'])(
    'allows %s',
    (src) => expect(isAllowedIframeSrc(src)).toBe(true),
  );

  it.each([
    'http://www.youtube.com/embed/Qm7xK2pLd9A',
    'https://youtube.com/embed/Qm7xK2pLd9A',
    'https://www.youtube.com/watch?v=Qm7xK2pLd9A',
    'https://www.youtube.com.evil.example/embed/x',
    'https://evil.example/?https://www.youtube.com/embed/x',
    'javascript:alert(1)',
    '',
    null,
  ])('refuses %s', (src) => expect(isAllowedIframeSrc(src)).toBe(false));
});

describe('isScriptableUrl', () => {
  it('sees through case, whitespace and control characters', () => {
    expect(isScriptableUrl(' JaVa\tScRiPt:alert(1)')).toBe(true);
    expect(isScriptableUrl('data:text/html;base64,AAAA')).toBe(true);
    expect(isScriptableUrl('https://example.com/javascript:')).toBe(false);
  });
});

describe('sanitizeArticleHtml', () => {
  it('keeps the allowed article markup', () => {
    const html =
      '<h2>見出し</h2><p>本文<strong>強調</strong><em>斜体</em><br></p><ul><li>項目</li></ul>' +
      '<blockquote>引用</blockquote><pre><code>const a = 1;</code></pre>' +
      '<table><thead><tr><th scope="col">列</th></tr></thead><tbody><tr><td>値</td></tr></tbody></table>' +
      '<figure><img src="https://images.unsplash.com/photo-1?w=800" alt="写真" width="800" height="600" loading="lazy"><figcaption>説明</figcaption></figure>';
    expect(clean(html)).toBe(html);
  });

  it('removes scripts, event handlers and javascript: links', () => {
    const result = clean(
      '<p onclick="steal()">本文</p><script>alert(1)</script><img src="x.jpg" onerror="alert(1)"><a href="javascript:alert(1)">リンク</a>',
    );
    expect(result).toBe('<p>本文</p><img src="x.jpg"><a>リンク</a>');
  });

  it('removes data: URLs, which DOMPurify alone would keep on images', () => {
    expect(clean('<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="x">')).toBe('<img alt="x">');
  });

  it('drops tags outside the allow-list but keeps their text', () => {
    expect(clean('<div><span style="color:red">色</span></div><form><input></form>')).toBe('色');
  });

  it('keeps YouTube iframes with their player attributes', () => {
    const iframe =
      '<iframe width="560" height="315" src="https://www.youtube.com/embed/Qm7xK2pLd9A" title="動画" ' +
      'frameborder="0" allow="encrypted-media; picture-in-picture" allowfullscreen=""></iframe>';
    expect(clean(`${iframe}<p>本文</p>`)).toBe(`${iframe}<p>本文</p>`);
  });

  it('drops iframes from any other source', () => {
    expect(clean('<iframe src="https://evil.example/embed/x"></iframe><p>本文</p>')).toBe('<p>本文</p>');
    expect(clean('<iframe srcdoc="<script>alert(1)</script>"></iframe>')).toBe('');
  });

  it('forces rel="noopener noreferrer" on new-tab links and removes other targets', () => {
    expect(clean('<a href="https://note.com/x" target="_blank" rel="opener">note</a>')).toBe(
      '<a href="https://note.com/x" target="_blank" rel="noopener noreferrer">note</a>',
    );
    expect(clean('<a href="/articles" target="_top">一覧</a>')).toBe('<a href="/articles">一覧</a>');
  });

  it('registers its hooks once per DOMPurify instance', () => {
    const instance = createDOMPurify(new JSDOM('').window);
    const addHook = jest.spyOn(instance, 'addHook');
    applySanitizePolicy(instance);
    applySanitizePolicy(instance);
    expect(addHook).toHaveBeenCalledTimes(2); // two hooks, registered on the first call only
  });
});
