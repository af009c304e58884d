/**
 * `npm run db:migrate -w release-service`: applies the release service's pending migrations to the
 * database its settings name (DATABASE_URL → PostgreSQL, else DATABASE_PATH or the default file).
 * Run it before releasing a new version, so no instance starts on a schema it does not know.
 */
import { createPool, describePostgresUrl } from 'service-kit/postgres';
import { openDatabase } from 'service-kit/sqlite';
import { ConfigError, loadStorageConfig } from '../config';
import { migratePostgres } from '../db/postgres/migrations';
import { migrateSqlite } from '../db/sqlite/migrations';

async function main(): Promise<void> {
  const config = loadStorageConfig();
  let description: string;
  let applied: number[];
  if (config.databaseUrl) {
    description = describePostgresUrl(config.databaseUrl);
    const pool = createPool(config.databaseUrl, 2, 'release-service-migrate');
    applied = await migratePostgres(pool).finally(() => pool.end());
  } else {
    description = config.databasePath;
    const db = openDatabase(config.databasePath);
    try {
      applied = migrateSqlite(db);
    } finally {
      db.close();
    }
  }
  console.log(
    applied.length > 0 ? `${description}: applied migrations ${applied.join(', ')}` : `${description}: up to date`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : `db:migrate failed: ${(error as Error).message}`);
  process.exit(1);
});
