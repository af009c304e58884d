import { EXCERPT_LENGTH, decodeEntities, excerpt, metaDescription, stripHtml } from './text';

describe('stripHtml', () => {
  it('removes tags and separates block elements with a space', () => {
    expect(stripHtml('<h2>見出し</h2><p>本文<strong>強調</strong>です。</p>')).toBe('見出し 本文 強調 です。');
  });

  it('drops script, style and iframe bodies and comments entirely', () => {
    const html =
      '<p>前</p><script>alert("x")</script><style>p{}</style><!-- memo --><iframe src="x">fallback</iframe><p>後</p>';
    expect(stripHtml(html)).toBe('前 後');
  });

  it('decodes entities after removing tags, so encoded markup stays text', () => {
    expect(stripHtml('<p>&lt;b&gt; &amp; &quot;AI&quot; &#39;x&#39; &#x1F600; &nbsp;end</p>')).toBe(
      '<b> & "AI" \'x\' 😀 end',
    );
  });

  it('collapses whitespace and newlines and trims', () => {
    expect(stripHtml('\n  <p>a\n\n  b</p>\t ')).toBe('a b');
  });

  it('returns plain text unchanged', () => {
    expect(stripHtml('ただのテキスト')).toBe('ただのテキスト');
  });
});

describe('decodeEntities', () => {
  it('leaves unknown or invalid entities as written', () => {
    expect(decodeEntities('&unknown; &#0; &#xZZ;')).toBe('&unknown; &#0; &#xZZ;');
  });
});

describe('excerpt', () => {
  const long = 'あ'.repeat(200);

  it.each([EXCERPT_LENGTH.home, EXCERPT_LENGTH.list, EXCERPT_LENGTH.metaDescription])(
    'cuts to %i characters and adds the ellipsis',
    (length) => {
      const result = excerpt(`<p>${long}</p>`, length);
      expect(result).toBe('あ'.repeat(length) + '...');
      expect(Array.from(result)).toHaveLength(length + 3);
    },
  );

  it('adds no ellipsis when the text fits, including exactly n characters', () => {
    expect(excerpt('<p>短い本文</p>', 150)).toBe('短い本文');
    expect(excerpt('い'.repeat(100), 100)).toBe('い'.repeat(100));
  });

  it('counts code points, so emoji and rare kanji are never split', () => {
    const text = '😀𠮷'.repeat(10); // 20 code points, 40 UTF-16 units
    const result = excerpt(text, 5, '…');
    expect(result).toBe('😀𠮷😀𠮷😀…');
    expect(result).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/); // no lone high surrogate
  });

  it('trims a trailing space at the cut and accepts a custom ellipsis', () => {
    expect(excerpt('abc def', 4, '…')).toBe('abc…');
  });
});

describe('metaDescription', () => {
  it('is the first 120 plain-text characters without an ellipsis', () => {
    const description = metaDescription(`<h2>題</h2><p>${'字'.repeat(300)}</p>`);
    expect(Array.from(description)).toHaveLength(120);
    expect(description.startsWith('題 字')).toBe(true);
    expect(description.endsWith('...')).toBe(false);
  });
});
