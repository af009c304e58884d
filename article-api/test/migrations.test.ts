import { openDatabase } from '../src/db/database';
import { type Migration, migrate, migrations } from '../src/db/migrations';

const count = (db: ReturnType<typeof openDatabase>, table: string) =>
  db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;

describe('migrate', () => {
  it('creates and seeds the tables on first run, recording each version', () => {
    const db = openDatabase(':memory:');
    expect(migrate(db)).toEqual([1, 2]);
    expect(count(db, 'articles')).toBe(21);
    expect(count(db, 'business_articles')).toBe(5);
    expect(db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all()).toEqual(
      migrations.map(({ version, name }) => ({ version, name })),
    );
    db.close();
  });

  it('does nothing on the next run, so deleted seed articles stay deleted', () => {
    const db = openDatabase(':memory:');
    migrate(db);
    db.prepare('DELETE FROM articles WHERE id = 1').run();
    expect(migrate(db)).toEqual([]);
    expect(count(db, 'articles')).toBe(20);
    db.close();
  });

  it('can create empty tables', () => {
    const db = openDatabase(':memory:');
    migrate(db, { seed: false });
    expect(count(db, 'articles')).toBe(0);
    expect(count(db, 'business_articles')).toBe(0);
    db.close();
  });

  it('applies only new migrations, in version order, each atomically', () => {
    const db = openDatabase(':memory:');
    migrate(db);
    const extra: Migration[] = [
      { version: 4, name: 'fourth', up: (d) => d.exec('CREATE TABLE fourth (x)') },
      { version: 3, name: 'third', up: (d) => d.exec('CREATE TABLE third (x)') },
    ];
    expect(migrate(db, { seed: true }, [...migrations, ...extra])).toEqual([3, 4]);

    const failing: Migration = {
      version: 5,
      name: 'fails halfway',
      up: (d) => {
        d.exec('CREATE TABLE half (x)');
        throw new Error('boom');
      },
    };
    expect(() => migrate(db, { seed: true }, [...migrations, failing])).toThrow('boom');
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half'").get()).toBeUndefined();
    expect(db.prepare('SELECT MAX(version) FROM schema_migrations').pluck().get()).toBe(4);
    db.close();
  });
});
