/**
 * Generated hostile requests for the article service: wrong types, missing fields, huge strings,
 * impossible dates, Unicode edge cases, duplicate slugs, deep JSON, prototype-pollution keys,
 * wrong content types, broken JSON, out-of-range numbers, long URLs and malformed HTTP. Every
 * request is wrong in at least one way, so each carries the statuses a correct service may answer
 * (always a 4xx) and none of them may change the database.
 */
import { fieldGenerators } from './fieldGenerators';
import { payloadGenerators } from './payloadGenerators';
import { requestGenerators } from './requestGenerators';
import type { Generator, HostileContext, HostileRequest } from './types';

export type { HostileContext, HostileRequest } from './types';
export { MALFORMED_TEXT, UNUSUAL_TEXT } from './text';

/** In this order, which a seed's run depends on: a run starts with one request of each. */
const GENERATORS: Record<string, Generator> = { ...fieldGenerators, ...payloadGenerators, ...requestGenerators };

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
