/**
 * keepingStatements (service-kit/src/sqlite/keptStatements.ts): Kysely's queries on SQLite reuse one
 * prepared statement per SQL text, the oldest dropped past the limit, results unchanged.
 */
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { keepingStatements } from '../src/sqlite/keptStatements';

interface Tables {
  items: { id: number; name: string };
}

let raw: Database.Database;
let prepared: string[];
let db: Kysely<Tables>;
beforeEach(async () => {
  raw = new Database(':memory:');
  prepared = [];
  const prepare = raw.prepare.bind(raw);
  raw.prepare = ((text: string) => {
    prepared.push(text);
    return prepare(text);
  }) as typeof raw.prepare;
  db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: keepingStatements(raw, 2) }) });
  await sql`CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL)`.execute(db);
  await db
    .insertInto('items')
    .values([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
    ])
    .execute();
});
afterEach(() => db.destroy());

const byId = (id: number) => db.selectFrom('items').select('name').where('id', '=', id).executeTakeFirst();

it('prepares a SQL text once and runs it with each call’s values', async () => {
  prepared = [];
  expect(await byId(1)).toEqual({ name: 'a' });
  expect(await byId(2)).toEqual({ name: 'b' });
  expect(await byId(3)).toBeUndefined();
  expect(prepared).toHaveLength(1);
});

it('drops the oldest statement past the limit and prepares it again when needed', async () => {
  prepared = [];
  await byId(1);
  await db.selectFrom('items').select('id').execute();
  await db.selectFrom('items').select('name').execute();
  expect(prepared).toHaveLength(3);
  expect(await byId(2)).toEqual({ name: 'b' });
  expect(prepared).toHaveLength(4);
});

it('sees a schema change through a kept statement', async () => {
  const all = () => sql<Record<string, unknown>>`SELECT * FROM items WHERE id = 1`.execute(db);
  expect((await all()).rows).toEqual([{ id: 1, name: 'a' }]);
  await sql`ALTER TABLE items ADD COLUMN note TEXT`.execute(db);
  expect((await all()).rows).toEqual([{ id: 1, name: 'a', note: null }]);
});
