/** Article bodies with one field wrong: its type, its absence, its size, its characters, or a slug in use. */
import { BAD_DATES, BAD_SLUGS, BAD_URLS, WRONG_TYPES } from './fieldValues';
import { baseArticle, type Body, jsonCase } from './requests';
import { longText, MALFORMED_TEXT, repeat, sprinkle } from './text';
import type { Generator } from './types';

export const fieldGenerators: Record<string, Generator> = {
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
};
