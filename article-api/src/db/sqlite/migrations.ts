/**
 * Numbered schema migrations, each applied once inside a transaction and recorded in
 * schema_migrations. The migrations that create a table also seed it, so seed rows arrive exactly
 * once, on first start: an article an admin deletes later never comes back.
 */
import { seedArticles, seedBusinessArticles } from 'shared-articles/seed';
import { toColumns } from '../rows';
import type { SqliteDatabase } from './database';
import { RELEASE_CANARY_SQLITE, RELEASE_REFUSAL_MINUTES_SQLITE, RELEASE_REGISTRY_SQLITE } from './releaseSchema';

export interface MigrationContext {
  /** Insert the seed content when a table is created (off for tests and copies that want empty tables). */
  seed: boolean;
}

export interface Migration {
  version: number;
  name: string;
  up(db: SqliteDatabase, context: MigrationContext): void;
}

const ARTICLE_COLUMNS = `
  slug TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  date TEXT NOT NULL,
  category TEXT NOT NULL,
  tag TEXT NOT NULL DEFAULT '',
  image TEXT,
  url TEXT,
  note_url TEXT,
  related_articles TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(related_articles)),
  article_type TEXT NOT NULL DEFAULT 'note',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

const INSERT_COLUMNS =
  'slug, title, content, date, category, tag, image, url, note_url, related_articles, article_type';
const INSERT_VALUES =
  '@slug, @title, @content, @date, @category, @tag, @image, @url, @note_url, @related_articles, @article_type';

export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'create articles',
    up(db, { seed }) {
      // AUTOINCREMENT: a deleted id is never handed out again, so a stale link cannot point at a new article.
      db.exec(`CREATE TABLE articles (id INTEGER PRIMARY KEY AUTOINCREMENT, ${ARTICLE_COLUMNS});
               CREATE INDEX articles_newest_first ON articles (date DESC, id DESC);`);
      if (!seed) return;
      const insert = db.prepare(`INSERT INTO articles (id, ${INSERT_COLUMNS}) VALUES (@id, ${INSERT_VALUES})`);
      for (const article of seedArticles) insert.run({ id: article.id, ...toColumns(article) });
    },
  },
  {
    version: 2,
    name: 'create business_articles',
    up(db, { seed }) {
      db.exec(`CREATE TABLE business_articles (id TEXT PRIMARY KEY, business_id TEXT NOT NULL, ${ARTICLE_COLUMNS});
               CREATE INDEX business_articles_newest_first ON business_articles (date DESC, id DESC);`);
      if (!seed) return;
      const insert = db.prepare(
        `INSERT INTO business_articles (id, business_id, ${INSERT_COLUMNS}) VALUES (@id, @business_id, ${INSERT_VALUES})`,
      );
      for (const article of seedBusinessArticles) {
        insert.run({ id: article.id, business_id: article.businessId, ...toColumns(article) });
      }
    },
  },
  {
    version: 3,
    name: 'create content_version',
    up(db) {
      // One counter every committed change to the content moves, whoever writes (any instance, a
      // script, an operator's SQL): instances compare it per request to know their cached list is stale.
      // The epoch tells two databases apart that happen to be at the same count.
      db.exec(`CREATE TABLE content_version (
                 id INTEGER PRIMARY KEY CHECK (id = 1),
                 epoch TEXT NOT NULL,
                 version INTEGER NOT NULL);
               INSERT INTO content_version (id, epoch, version) VALUES (1, lower(hex(randomblob(6))), 0);`);
      for (const table of ['articles', 'business_articles']) {
        for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
          db.exec(`CREATE TRIGGER ${table}_${event.toLowerCase()}_bumps_version AFTER ${event} ON ${table}
                   BEGIN UPDATE content_version SET version = version + 1 WHERE id = 1; END;`);
        }
      }
    },
  },
  {
    // 4 is PostgreSQL's shared rate-limit table: SQLite keeps its counters in the process.
    version: 5,
    name: 'create release registry',
    up(db) {
      db.exec(RELEASE_REGISTRY_SQLITE);
    },
  },
  {
    version: 6,
    name: 'canary releases and release health',
    up(db) {
      db.exec(RELEASE_CANARY_SQLITE);
    },
  },
  {
    version: 7,
    name: 'release refusals summed per minute',
    up(db) {
      db.exec(RELEASE_REFUSAL_MINUTES_SQLITE);
    },
  },
];

/** Applies the migrations not yet recorded, in version order; returns the versions applied now. */
export function migrate(
  db: SqliteDatabase,
  context: MigrationContext = { seed: true },
  list: readonly Migration[] = migrations,
): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
             version INTEGER PRIMARY KEY,
             name TEXT NOT NULL,
             applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))`);
  const applied = new Set(
    db
      .prepare('SELECT version FROM schema_migrations')
      .pluck()
      .all()
      .map((version) => Number(version)),
  );
  const record = db.prepare('INSERT INTO schema_migrations (version, name) VALUES (?, ?)');

  const pending = [...list]
    .sort((a, b) => a.version - b.version)
    .filter((migration) => !applied.has(migration.version));
  for (const migration of pending) {
    db.transaction(() => {
      migration.up(db, context);
      record.run(migration.version, migration.name);
    })();
  }
  return pending.map((migration) => migration.version);
}
