/**
 * Generated hostile requests for the article service: wrong types, missing fields, huge strings,
 * impossible dates, Unicode edge cases, duplicate slugs, deep JSON, prototype-pollution keys,
 * wrong content types, broken JSON, out-of-range numbers, long URLs and malformed HTTP. Every
 * request is wrong in at least one way, so each carries the statuses a correct service may answer
 * (always a 4xx) and none of them may change the database.
 */
import type { Prng } from './prng';

export interface HostileRequest {
  /** "category: detail", printed when the answer is wrong. */
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** Sent as raw bytes over a socket instead (malformed HTTP a client library would refuse to send). */
  raw?: string;
  expected: readonly number[];
}

export interface HostileContext {
  prng: Prng;
  adminToken: string;
  /** Slugs and ids of stored articles. */
  slugs: readonly string[];
  ids: readonly number[];
  /** A well-formed id that no article has. */
  missingId: number;
}

const BODY_LIMIT = 256 * 1024;
const JSON_TYPE = 'application/json';

/** Characters that are legitimate in text but unusual: they go into otherwise valid fields. */
export const UNUSUAL_TEXT = {
  rtlOverride: '\u202E',
  rtlIsolate: '\u2067',
  zeroWidthSpace: '\u200B',
  zeroWidthJoiner: '\u200D',
  byteOrderMark: '\uFEFF',
  emoji: '😀',
  family: '👨‍👩‍👧‍👦',
  flag: '🇯🇵',
  skinTone: '👍🏽',
  combining: 'e\u0301\u0302\u0303',
  zalgo: 'Z\u0334\u0321\u0322a\u0338\u0322l\u0335g\u0336o',
  fullWidth: 'ＡＢＣ１２３',
  halfWidthKana: 'ｶﾀｶﾅ',
  ideographicSpace: '\u3000',
  lineSeparator: '\u2028',
  replacementChar: '\uFFFD',
  privateUse: '\uE000\u{10FFFD}',
  nonCharacter: '\uFFFF',
} as const;

/** Characters no article field should accept. */
export const MALFORMED_TEXT = {
  loneHighSurrogate: '\uD800',
  loneLowSurrogate: '\uDC00',
  reversedSurrogates: '\uDC00\uD800',
  nul: '\u0000',
  bell: '\u0007',
  escape: '\u001B[31m',
  delete: '\u007F',
} as const;

const baseArticle = (prng: Prng) => ({
  title: `検証用の記事 ${prng.int(1, 1e6)}`,
  category: prng.pick(['生成AI初心者', '日常生活', 'AI副業', 'AI活用', 'AIニュース']),
  date: '2025-06-15',
  content: '<p>本文です。</p>',
});
type Body = Record<string, unknown>;

/** Puts a few legitimate-but-unusual characters into the title and content (never past their limits). */
function sprinkle(prng: Prng, body: Body): Body {
  const noise = () => Array.from({ length: prng.int(1, 3) }, () => prng.pick(Object.values(UNUSUAL_TEXT))).join('');
  const result = { ...body };
  if (typeof result.title === 'string' && result.title.length < 150)
    result.title = `${noise()}${result.title}${noise()}`;
  if (typeof result.content === 'string' && result.content.length < 1000)
    result.content = `<p>${noise()}</p>${result.content}`;
  return result;
}

const repeat = (unit: string, count: number) => unit.repeat(Math.max(0, count));
const longText = (prng: Prng, codePoints: number) => {
  const alphabet = ['あ', 'A', '😀', 'e\u0301', '漢', UNUSUAL_TEXT.zeroWidthSpace];
  return Array.from({ length: codePoints }, () => prng.pick(alphabet)).join('');
};

const bearerOf = (ctx: HostileContext): Record<string, string> => ({ authorization: `Bearer ${ctx.adminToken}` });

/** A JSON body; `expected` defaults to 400, or 413 once the body exceeds the limit. */
function jsonCase(
  ctx: HostileContext,
  label: string,
  body: unknown,
  options: { expected?: readonly number[]; target?: 'post' | 'put'; raw?: boolean } = {},
): HostileRequest {
  const text = options.raw ? String(body) : JSON.stringify(body);
  const target = options.target ?? ctx.prng.pick(['post', 'put'] as const);
  const size = Buffer.byteLength(text);
  return {
    label,
    method: target === 'post' ? 'POST' : 'PUT',
    path: target === 'post' ? '/api/articles' : `/api/articles/${ctx.prng.pick(ctx.ids)}`,
    headers: { ...bearerOf(ctx), 'content-type': JSON_TYPE },
    body: text,
    expected: options.expected ?? (size > BODY_LIMIT ? [413] : [400]),
  };
}

const WRONG_TYPES: Record<string, readonly unknown[]> = {
  title: [123, 0, -1, true, false, null, [], ['タイトル'], {}, { ja: 'タイトル' }, 1e308],
  category: [42, true, null, [], ['AI活用'], {}],
  date: [20250615, true, null, [], ['2025-06-15'], {}, { year: 2025 }],
  content: [1, false, null, [], ['<p>x</p>'], {}, { html: '<p>x</p>' }],
  tag: [123, true, null, [], ['AI'], {}],
  image: [123, true, [], ['https://example.com/a.png'], {}, { src: 'https://example.com/a.png' }],
  url: [1, false, [], {}, ['https://example.com']],
  noteUrl: [1, true, [], {}],
  slug: [123, true, [], {}, ['a-slug']],
  relatedArticles: ['1', 1, true, {}, null, ['1'], [null], [true], [[1]], [{}], [1, '2']],
  articleType: [1, true, null, [], {}, 'NOTE', 'n\u043Ete', `note${UNUSUAL_TEXT.zeroWidthSpace}`, '', 'blog'],
};

const BAD_DATES = [
  '2025-02-30',
  '2025-02-29',
  '2023-02-29',
  '2100-02-29',
  '1900-02-29',
  '2025-04-31',
  '2025-06-31',
  '2025-09-31',
  '2025-11-31',
  '2025-13-01',
  '2025-00-10',
  '2025-01-00',
  '2025-01-32',
  '0000-00-00',
  '2025-2-3',
  '25-02-03',
  '2025/02/03',
  '20250203',
  '2025.02.03',
  '02-03-2025',
  '2025-02-03T00:00:00Z',
  '2025-02-03 10:00',
  '+02025-02-03',
  '-0001-01-01',
  '99999-01-01',
  '２０２５-０２-０３',
  '٢٠٢٥-٠٢-٠٣',
  `${UNUSUAL_TEXT.rtlOverride}2025-02-03`,
  `2025-02-03${UNUSUAL_TEXT.zeroWidthSpace}`,
  '2025-02-03\u0000',
  '2025\u201002\u201003',
  'Tue Feb 03 2025',
  'today',
  'yesterday',
  'NaN',
  'Infinity',
  '2025-02-03\n2025-02-04',
  "2025-02-03' OR '1'='1",
  '',
];

const BAD_URLS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(document.domain)',
  '\u0000javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:image/svg+xml;base64,PHN2Zz4=',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://example.com/a',
  '//example.com/a',
  'http://',
  'https://',
  'example.com',
  'https://exa mple.com',
  `${UNUSUAL_TEXT.rtlOverride}https://example.com`,
  'mailto:a@example.com',
  'about:blank',
  `https://example.com/${'a'.repeat(2100)}`,
  'https://[::1',
  'blob:https://example.com/uuid',
  'https://a b/',
];

const BAD_SLUGS = [
  'スラッグ',
  'Upper-Case',
  '-leading-hyphen',
  'with space',
  'under_score',
  'dot.slug',
  'a/b',
  '../etc/passwd',
  'ａｂｃ',
  'caf\u00e9',
  'cafe\u0301',
  `a${UNUSUAL_TEXT.zeroWidthSpace}b`,
  `${UNUSUAL_TEXT.rtlOverride}abc`,
  'abc\u0000',
  '😀',
  'a'.repeat(101),
  '%2e%2e',
  "slug'--",
  'slug<script>',
];

/** As JSON text: some of these numbers have no exact JavaScript literal. */
const BAD_RELATED = [
  '[0]',
  '[-1]',
  '[-0]',
  '[1.5]',
  '[1e308]',
  '[1e999]',
  '[9007199254740993]',
  '[18446744073709551616]',
  '[1.7976931348623157e308]',
  JSON.stringify(Array.from({ length: 11 }, (_, i) => i + 1)),
  JSON.stringify(Array.from({ length: 1000 }, (_, i) => i + 1)),
];

const BROKEN_JSON = [
  '{',
  '}',
  '{"title":',
  "{'title':'x'}",
  '{"title":"x",}',
  '{title:"x"}',
  'NaN',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":-Infinity}',
  '{"a":1e}',
  '{"a":"\\x41"}',
  '{"a":"\u0000"}',
  '{"a":01}',
  '[1,2',
  '{"a":"unterminated',
  '/* c */{}',
  '{} {}',
  '{"a":1}garbage',
  '',
  ' ',
  '\uFEFF',
  '{"a":undefined}',
  '{"a":\'x\'}',
  '{"a":"\\ud800"',
  '{"a":tru}',
  '{"a" "b"}',
  '{,}',
  '[,]',
  '{"a":[1,]}',
  '\u2028{}',
  '<article><title>x</title></article>',
  'title=x&date=2025-01-01',
];

const NOT_OBJECTS = ['null', 'true', 'false', '0', '-1', '1e999', '"a string"', '[]', '[{}]', '[[]]'];

/** Content types other than JSON (the body itself is a valid article). */
const WRONG_CONTENT_TYPES = [
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'text/xml',
  'application/octet-stream',
  'application/javascript',
  'application/jsonp',
  'application/x-json',
  'text/json',
  'application/json-patch+json',
  'application/ld+json',
  'application/json, text/plain',
  'json',
  'image/png',
  '*/*',
];

type Generator = (ctx: HostileContext) => HostileRequest;

const GENERATORS: Record<string, Generator> = {
  wrongType(ctx) {
    const { prng } = ctx;
    const [field, values] = prng.pick(Object.entries(WRONG_TYPES));
    const value = prng.pick(values);
    return jsonCase(
      ctx,
      `wrong type: ${field}=${JSON.stringify(value)}`,
      sprinkle(prng, { ...baseArticle(prng), [field]: value }),
    );
  },

  missingFields(ctx) {
    const { prng } = ctx;
    const body: Body = sprinkle(prng, baseArticle(prng));
    const required = ['title', 'category', 'date', 'content'];
    const removed = required.filter(() => prng.chance(0.5));
    if (removed.length === 0) removed.push(prng.pick(required));
    for (const field of removed) delete body[field];
    return jsonCase(ctx, `missing: ${removed.join(', ')}`, body);
  },

  blankFields(ctx) {
    const { prng } = ctx;
    const field = prng.pick(['title', 'category', 'date', 'content']);
    const blank = prng.pick(['', ' ', '\u3000\u3000', '\n\t', '<p></p>', '<script>alert(1)</script>', '<!-- -->']);
    // Markup that sanitises to nothing is only blank for the content field.
    const value = field === 'content' || !blank.startsWith('<') ? blank : '';
    return jsonCase(ctx, `blank: ${field}=${JSON.stringify(value)}`, { ...baseArticle(prng), [field]: value });
  },

  hugeStrings(ctx) {
    const { prng } = ctx;
    const cases: Array<() => [string, Body]> = [
      () => ['title over 200 characters', { title: longText(prng, prng.int(201, 3000)) }],
      () => ['category over 50 characters', { category: longText(prng, prng.int(51, 500)) }],
      () => ['tag over 200 characters', { tag: repeat('AI,', prng.int(70, 1000)) }],
      () => ['url over 2048 characters', { url: `https://example.com/${repeat('a', prng.int(2030, 8000))}` }],
      () => ['slug over 100 characters', { slug: repeat('a', prng.int(101, 400)) }],
      () => ['content over 200 KB', { content: repeat('あ', prng.int(70_000, 86_000)) }],
      () => ['content over the 256 KB body limit', { content: repeat('<p>長文</p>', prng.int(30_000, 120_000)) }],
      () => ['unknown field with 200 KB', { notes: repeat('x', 200_000) }],
      () => ['10,000 unknown fields', Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`f${i}`, i]))],
    ];
    const [label, override] = prng.pick(cases)();
    return jsonCase(ctx, `huge: ${label}`, { ...baseArticle(prng), ...override });
  },

  badDate(ctx) {
    const { prng } = ctx;
    const date = prng.pick(BAD_DATES);
    return jsonCase(ctx, `bad date: ${JSON.stringify(date)}`, sprinkle(prng, { ...baseArticle(prng), date }));
  },

  badUrl(ctx) {
    const { prng } = ctx;
    const field = prng.pick(['image', 'url', 'noteUrl']);
    const value = prng.pick(BAD_URLS);
    return jsonCase(
      ctx,
      `bad URL: ${field}=${JSON.stringify(value.slice(0, 60))}`,
      sprinkle(prng, { ...baseArticle(prng), [field]: value }),
    );
  },

  badSlug(ctx) {
    const { prng } = ctx;
    const slug = prng.pick(BAD_SLUGS);
    return jsonCase(
      ctx,
      `bad slug: ${JSON.stringify(slug.slice(0, 40))}`,
      sprinkle(prng, { ...baseArticle(prng), slug }),
    );
  },

  malformedUnicode(ctx) {
    const { prng } = ctx;
    const [name, char] = prng.pick(Object.entries(MALFORMED_TEXT));
    const field = prng.pick(['title', 'category', 'tag', 'content']);
    const isControl = !name.includes('Surrogate');
    // Control characters are refused in one-line fields; in HTML content the sanitiser handles them.
    if (isControl && field === 'content')
      return jsonCase(ctx, `malformed unicode: ${name} in title`, { ...baseArticle(prng), title: `前${char}後` });
    return jsonCase(ctx, `malformed unicode: ${name} in ${field}`, { ...baseArticle(prng), [field]: `前${char}後` });
  },

  invalidUtf8Bytes(ctx) {
    const { prng } = ctx;
    const invalid = prng.pick([
      [0xff],
      [0xc3, 0x28],
      [0xed, 0xa0, 0x80],
      [0xf8, 0x88, 0x80, 0x80, 0x80],
      [0xe2, 0x82],
      [0xc0, 0xaf],
    ]);
    const json = JSON.stringify({ ...baseArticle(prng), title: 'MARKER' });
    const [before, after] = json.split('MARKER');
    const body = Buffer.concat([Buffer.from(`${before}前`), Buffer.from(invalid), Buffer.from(`後${after}`)]);
    const request = jsonCase(ctx, `invalid UTF-8: bytes ${invalid.map((b) => b.toString(16)).join(' ')} in title`, {});
    return { ...request, body };
  },

  duplicateSlug(ctx) {
    const { prng } = ctx;
    const slug = prng.pick(ctx.slugs);
    if (prng.chance(0.5)) {
      return jsonCase(ctx, `duplicate slug on create: ${slug}`, sprinkle(prng, { ...baseArticle(prng), slug }), {
        target: 'post',
        expected: [409],
      });
    }
    const id = prng.pick(ctx.ids);
    const other = ctx.slugs[(ctx.ids.indexOf(id) + 1) % ctx.slugs.length];
    return {
      ...jsonCase(
        ctx,
        `duplicate slug on update: article ${id} → ${other}`,
        sprinkle(prng, { ...baseArticle(prng), slug: other }),
        { target: 'put', expected: [409] },
      ),
      path: `/api/articles/${id}`,
    };
  },

  deepJson(ctx) {
    const { prng } = ctx;
    const depth = prng.pick([100, 1_000, 10_000, 50_000, 100_000]);
    const shapes: Record<string, () => string> = {
      'nested arrays in title': () =>
        `{"title":${repeat('[', depth)}${repeat(']', depth)},"category":"c","date":"2025-01-01","content":"x"}`,
      'nested objects in an unknown field': () =>
        `{"extra":${repeat('{"a":', depth)}1${repeat('}', depth)},"title":"t","category":"c","date":"2025-01-01","content":"x"}`,
      'nested arrays as the body': () => `${repeat('[', depth)}${repeat(']', depth)}`,
      'nested objects as the body': () => `${repeat('{"a":', depth)}1${repeat('}', depth)}`,
      'nested arrays in relatedArticles': () =>
        `{"title":"t","category":"c","date":"2025-01-01","content":"x","relatedArticles":${repeat('[', depth)}1${repeat(']', depth)}}`,
    };
    const [shape, body] = prng.pick(Object.entries(shapes));
    return jsonCase(ctx, `deep JSON: ${shape}, depth ${depth}`, body(), { raw: true });
  },

  prototypePollution(ctx) {
    const { prng } = ctx;
    const valid = JSON.stringify(baseArticle(prng)).slice(1, -1);
    const bodies = [
      `{"__proto__":{"isAdmin":true,"polluted":"yes"},${valid}}`,
      `{${valid},"__proto__":{"polluted":"yes"}}`,
      `{${valid},"constructor":{"prototype":{"polluted":"yes"}}}`,
      `{"title":{"__proto__":{"polluted":"yes"}},"category":"c","date":"2025-01-01","content":"x"}`,
      `{${valid},"relatedArticles":[{"__proto__":{"polluted":"yes"}}]}`,
      `{"\\u005f_proto__":{"polluted":"yes"},${valid}}`,
      `{"__pro\\u0074o__":{"polluted":"yes"},${valid}}`,
      `{${valid},"prototype":{"polluted":"yes"}}`,
      `{${valid},"toString":"polluted","hasOwnProperty":"polluted","valueOf":1}`,
      `[{"__proto__":{"polluted":"yes"}}]`,
    ];
    const body = prng.pick(bodies);
    return jsonCase(ctx, `prototype pollution: ${body.slice(0, 50)}`, body, { raw: true });
  },

  wrongContentType(ctx) {
    const { prng } = ctx;
    const contentType = prng.pick([...WRONG_CONTENT_TYPES, null]);
    const request = jsonCase(
      ctx,
      `content type: ${contentType ?? '(none)'}`,
      { ...baseArticle(prng), slug: `ct-${prng.int(1, 1e9)}` },
      { expected: [415] },
    );
    const headers = { ...request.headers };
    if (contentType === null) delete headers['content-type'];
    else headers['content-type'] = contentType;
    return { ...request, headers };
  },

  brokenJson(ctx) {
    const { prng } = ctx;
    const text = prng.chance(0.2)
      ? JSON.stringify(baseArticle(prng)).slice(0, prng.int(1, 40)) // truncated in flight
      : prng.pick(BROKEN_JSON);
    return jsonCase(ctx, `invalid JSON: ${JSON.stringify(text.slice(0, 40))}`, text, { raw: true });
  },

  notAnObject(ctx) {
    const { prng } = ctx;
    const text = prng.chance(0.3) ? JSON.stringify([baseArticle(prng)]) : prng.pick(NOT_OBJECTS);
    return jsonCase(ctx, `not an object: ${text.slice(0, 40)}`, text, { raw: true });
  },

  numbersOutOfRange(ctx) {
    const { prng } = ctx;
    if (prng.chance(0.3)) {
      const related = [ctx.missingId];
      return jsonCase(ctx, `related id that does not exist: ${ctx.missingId}`, {
        ...baseArticle(prng),
        relatedArticles: related,
      });
    }
    const text = JSON.stringify({ ...baseArticle(prng), relatedArticles: 'RELATED' }).replace(
      '"RELATED"',
      prng.pick(BAD_RELATED),
    );
    return jsonCase(ctx, `relatedArticles out of range: ${text.slice(-40)}`, text, { raw: true });
  },

  badIds(ctx) {
    const { prng } = ctx;
    const ids: Array<[string, number]> = [
      ['0', 400],
      ['-1', 400],
      ['1.5', 400],
      ['1e3', 400],
      ['0x1F', 400],
      ['%201', 400],
      ['1%20', 400],
      ['%00', 400],
      ['%D9%A1', 400],
      ['%EF%BC%91', 400],
      ['abc', 400],
      ["1'--", 400],
      ['1;DROP%20TABLE%20articles', 400],
      ['%27%20OR%201%3D1', 400],
      ['..%2F..%2Fhealth', 400],
      ['%', 400],
      ['%E0%A4%A', 400],
      ['%FF', 400],
      [repeat('9', 17), 400],
      [repeat('9', 100), 400],
      [String(ctx.missingId), 404],
      ['9007199254740991', 404],
      ['9007199254740992', 400],
      [repeat('9', 16), 400],
      [repeat('1', prng.int(101, 8_000)), 414],
      [repeat('1', prng.int(17_000, 40_000)), 431],
    ];
    const [id, status] = prng.pick(ids);
    const method = prng.pick(['GET', 'GET', 'HEAD', 'PUT', 'DELETE']);
    const asAdmin = method === 'PUT' || method === 'DELETE';
    const body = method === 'PUT' ? JSON.stringify(baseArticle(prng)) : undefined;
    return {
      label: `bad id: ${method} /api/articles/${id.slice(0, 30)}${id.length > 30 ? `… (${id.length})` : ''}`,
      method,
      path: `/api/articles/${id}`,
      headers: {
        ...(asAdmin ? bearerOf(ctx) : {}),
        ...(body ? { 'content-type': JSON_TYPE } : {}),
      },
      body,
      expected: [status],
    };
  },

  badSlugPaths(ctx) {
    const { prng } = ctx;
    const slugs: Array<[string, number]> = [
      ['no-such-article', 404],
      ['%27%20OR%201%3D1%20--', 404],
      ['%00', 404],
      ['%E3%81%82', 404],
      ['%F0%9F%98%80', 404],
      ['..%2F..%2Fhealth', 404],
      ['%3Cscript%3Ealert(1)%3C%2Fscript%3E', 404],
      ['%E2%80%AEabc', 404],
      ['%', 400],
      ['%C0%AF', 400],
      [repeat('a', prng.int(101, 8_000)), 414],
      [repeat('a', prng.int(17_000, 40_000)), 431],
    ];
    const [slug, status] = prng.pick(slugs);
    const business = prng.chance(0.25);
    return {
      label: `bad slug path: ${business ? 'business ' : ''}${slug.slice(0, 40)}${slug.length > 40 ? `… (${slug.length})` : ''}`,
      method: prng.pick(['GET', 'HEAD']),
      path: business ? `/api/business/articles/${slug}` : `/api/articles/slug/${slug}`,
      headers: business ? bearerOf(ctx) : {},
      expected: [status],
    };
  },

  wrongRoutes(ctx) {
    const { prng } = ctx;
    const body = JSON.stringify(baseArticle(prng));
    const routes: Array<[string, string, number]> = [
      ['PATCH', '/api/articles/1', 404],
      ['POST', '/api/articles/slug/x', 404],
      ['PUT', '/api/articles', 404],
      ['DELETE', '/api/articles', 404],
      ['POST', '/api/articles/1', 404],
      ['GET', '/api/articles/1/extra', 404],
      ['GET', '/api/%2e%2e/%2e%2e/etc/passwd', 404],
      ['GET', `/api/articles/${ctx.missingId}?__proto__[polluted]=1&constructor[prototype][polluted]=1`, 404],
      ['POST', '/api/health', 404],
      ['DELETE', '/api/admin/users', 404],
      ['GET', '/API/ARTICLES', 404],
      ['GET', '//api//articles', 404],
      ['POST', '/api/business/articles', 404],
    ];
    const [method, path, status] = prng.pick(routes);
    const hasBody = method !== 'GET' && method !== 'DELETE';
    return {
      label: `wrong route: ${method} ${path.slice(0, 60)}`,
      method,
      path,
      headers: { ...bearerOf(ctx), ...(hasBody ? { 'content-type': JSON_TYPE } : {}) },
      body: hasBody ? body : undefined,
      expected: [status],
    };
  },

  anonymousWrites(ctx) {
    const { prng } = ctx;
    const method = prng.pick(['POST', 'PUT', 'DELETE']);
    const path = method === 'POST' ? '/api/articles' : `/api/articles/${prng.pick(ctx.ids)}`;
    const body = prng.pick([
      JSON.stringify(baseArticle(prng)),
      repeat('x', prng.int(300_000, 1_000_000)),
      '{"__proto__":{}}',
    ]);
    return {
      label: `anonymous write: ${method} with a ${body.length}-character body`,
      method,
      path,
      headers: {
        'content-type': JSON_TYPE,
        ...(prng.chance(0.5) ? { authorization: 'Bearer forged.token.value' } : {}),
      },
      body: method === 'DELETE' ? undefined : body,
      expected: [401],
    };
  },

  malformedHttp(ctx) {
    const { prng } = ctx;
    const auth = `Authorization: Bearer ${ctx.adminToken}\r\n`;
    const cases: Array<[string, string]> = [
      ['headers over 16 KB', `GET /api/articles HTTP/1.1\r\nHost: x\r\nX-Big: ${repeat('a', 20_000)}\r\n\r\n`],
      ['invalid header name', 'GET /api/articles HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n'],
      [
        'invalid chunk size',
        `POST /api/articles HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n`,
      ],
      [
        'Content-Length and Transfer-Encoding',
        `POST /api/articles HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
      ],
      [
        'non-numeric Content-Length',
        `POST /api/articles HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: abc\r\n\r\n{}`,
      ],
      ['invalid method token', 'G@T /api/articles HTTP/1.1\r\nHost: x\r\n\r\n'],
      ['garbage request line', 'HELLO THERE\r\n\r\n'],
      ['control character in the path', 'GET /api/articles/\u0001 HTTP/1.1\r\nHost: x\r\n\r\n'],
      ['unsupported HTTP version', 'GET /api/articles HTTP/9.9\r\nHost: x\r\n\r\n'],
    ];
    const [label, raw] = prng.pick(cases);
    return {
      label: `malformed HTTP: ${label}`,
      method: 'RAW',
      path: '',
      headers: {},
      raw,
      expected: label.startsWith('headers over') ? [431] : [400],
    };
  },
};

export const GENERATOR_NAMES = Object.keys(GENERATORS);

/** `count` requests: each generator once, then generators picked at random. */
export function generateHostileRequests(ctx: HostileContext, count: number): HostileRequest[] {
  const generators = Object.values(GENERATORS);
  const requests = generators.map((generate) => generate(ctx));
  while (requests.length < count) requests.push(ctx.prng.pick(generators)(ctx));
  return requests;
}

export function generatorOf(request: HostileRequest): string {
  const colon = request.label.indexOf(':');
  return colon === -1 ? request.label : request.label.slice(0, colon);
}
