/**
 * `npm run db:migrate [-- --no-seed]`: applies the pending migrations to the database the
 * environment names (DATABASE_URL → PostgreSQL, else DATABASE_PATH or the default SQLite file).
 * Run it before releasing a new version, so no instance starts on a schema it does not know.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadStorageConfig } from '../config';
import { migrateDatabase } from '../db/migrateDatabase';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'no-seed': { type: 'boolean', default: false } } });
  const report = await migrateDatabase(loadStorageConfig(), { seed: !values['no-seed'] });
  console.log(
    report.applied.length > 0
      ? `${report.description}: applied migrations ${report.applied.join(', ')}; now at version ${report.latest}`
      : `${report.description}: up to date at version ${report.latest}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : `db:migrate failed: ${(error as Error).message}`);
  process.exit(1);
});
