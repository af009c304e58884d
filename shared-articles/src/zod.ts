/**
 * The builders of zod/mini the article contract uses (./contract.ts), in the contract's lazy chunk
 * only. zod itself is not a shared module: a shared module is never tree-shaken, and the whole of
 * zod/mini is ~85 KB gzip; bundled here, only what the contract uses is. Add a builder here when a
 * schema needs it.
 *
 * `jitless`: without it, building the first object schema probes `new Function`, which the
 * shell's Content-Security-Policy (no 'unsafe-eval') reports as a violation even though zod
 * catches the error. It is set here, before any schema exists. The interpreted parser is plenty
 * for API answers and stored articles.
 */
import * as z from 'zod/mini';

z.config({ jitless: true });

export const zm = {
  array: z.array,
  boolean: z.boolean,
  catch: z.catch,
  enum: z.enum,
  int: z.int,
  literal: z.literal,
  nullable: z.nullable,
  object: z.object,
  optional: z.optional,
  pipe: z.pipe,
  refine: z.refine,
  string: z.string,
  transform: z.transform,
  unknown: z.unknown,
};

/** Schema types (compile time only): `ZodMiniType`, `output<typeof schema>`, `core.$ZodError`. */
export type * as ZodMini from 'zod/mini';
