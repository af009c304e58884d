/** Bodies wrong as a whole: too deep, polluting prototypes, not JSON, not an object, numbers out of range. */
import { BROKEN_JSON, NOT_OBJECTS, WRONG_CONTENT_TYPES } from './bodyTexts';
import { BAD_RELATED } from './fieldValues';
import { baseArticle, jsonCase } from './requests';
import { repeat } from './text';
import type { Generator } from './types';

export const payloadGenerators: Record<string, Generator> = {
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
};
