/**
 * A query of one shape, built and compiled by Kysely once and then run with each call's values.
 * Kysely builds and compiles every query anew, which on SQLite costs more than running it: a health
 * report (the service's most frequent request, five queries) took about 260 µs of CPU with
 * hand-written statements, 440 µs with Kysely building each query, 285 µs with the queries every
 * report runs compiled once (docs/decisions.md). Kysely's typed builder and its SQL for both
 * engines stay; only the building is not paid again.
 *
 * `build` gets a marker for each argument, and each marker must reach the query only as a bound
 * value (never as a name, a literal, a list's length or anything that changes the SQL): the first
 * call checks that every marker became a parameter, and throws otherwise. Other parameters are the
 * query's constants and stay as built.
 */
import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';

export function compiledOnce<Args extends readonly unknown[], Row, Db>(
  build: (db: Kysely<Db>, ...args: Args) => Compilable<Row>,
): (db: Kysely<Db>, ...args: Args) => Promise<QueryResult<Row>> {
  let compiled: { query: CompiledQuery<Row>; slots: number[] } | undefined;
  return async (db, ...args) => {
    if (compiled === undefined) {
      const markers = args.map((_, index) => `\u0000compiledOnce parameter ${index}`);
      const query = build(db, ...(markers as unknown as Args)).compile();
      const slots = query.parameters.map((value) => markers.indexOf(value as string));
      if (markers.some((_, index) => !slots.includes(index))) {
        throw new Error(`compiledOnce: an argument is not a parameter of ${query.sql}`);
      }
      compiled = { query, slots };
    }
    const { query, slots } = compiled;
    const parameters = slots.map((slot, index) => (slot === -1 ? query.parameters[index] : args[slot]));
    return db.executeQuery(Object.assign({}, query, { parameters }));
  };
}

/**
 * A multi-row statement compiled once per number of arguments (rows × columns): `build` gets the
 * rows' values flattened, as compiledOnce's markers. A report names a few remotes, so a few sizes.
 */
export function perRowCount<Args extends readonly unknown[], Row, Db>(
  build: (db: Kysely<Db>, ...args: Args) => Compilable<Row>,
): (db: Kysely<Db>, ...args: Args) => Promise<QueryResult<Row>> {
  const bySize = new Map<number, (db: Kysely<Db>, ...args: Args) => Promise<QueryResult<Row>>>();
  return (db, ...args) => {
    let run = bySize.get(args.length);
    if (run === undefined) bySize.set(args.length, (run = compiledOnce(build)));
    return run(db, ...args);
  };
}

/** `values` cut into rows of `width`. */
export const rowsOf = <T>(values: readonly T[], width: number): T[][] =>
  Array.from({ length: values.length / width }, (_, row) => values.slice(row * width, (row + 1) * width));
