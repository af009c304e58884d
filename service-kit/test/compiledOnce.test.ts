/**
 * compiledOnce (service-kit/src/kysely/compiledOnce.ts): a query built and compiled once runs with each call's
 * values, and a query whose SQL an argument would shape is refused rather than run with stale SQL.
 */
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { compiledOnce, perRowCount, rowsOf } from '../src/kysely/compiledOnce';

interface Tables {
  items: { id: number; name: string };
}

let db: Kysely<Tables>;
beforeEach(async () => {
  db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
  await sql`CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL)`.execute(db);
  await db
    .insertInto('items')
    .values([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
      { id: 3, name: 'c' },
    ])
    .execute();
});
afterEach(() => db.destroy());

it('runs the one compiled query with each call’s values, constants kept', async () => {
  let builds = 0;
  const named = compiledOnce((kysely: Kysely<Tables>, low: number, name: string) => {
    builds += 1;
    return kysely
      .selectFrom('items')
      .select('id')
      .where('id', '>=', low)
      .where('name', '!=', name)
      .where('id', '<', 10);
  });
  expect((await named(db, 1, 'b')).rows).toEqual([{ id: 1 }, { id: 3 }]);
  expect((await named(db, 2, 'c')).rows).toEqual([{ id: 2 }]);
  expect(builds).toBe(1);
});

it('refuses an argument that does not reach the query as a parameter', async () => {
  const shaped = compiledOnce((kysely: Kysely<Tables>, column: string) =>
    kysely.selectFrom('items').select(sql.ref(column).as('picked')),
  );
  await expect(shaped(db, 'name')).rejects.toThrow(/not a parameter/);
});

it('compiles a multi-row insert once per number of rows', async () => {
  const insert = perRowCount((kysely: Kysely<Tables>, ...values: (number | string)[]) =>
    kysely
      .insertInto('items')
      .values(rowsOf(values, 2).map(([id, name]) => ({ id: id as number, name: name as string }))),
  );
  await insert(db, 4, 'd');
  await insert(db, 5, 'e', 6, 'f');
  await insert(db, 7, 'g');
  expect(
    (await db.selectFrom('items').select(['id', 'name']).where('id', '>', 3).execute()).map((row) => row.name),
  ).toEqual(['d', 'e', 'f', 'g']);
});
