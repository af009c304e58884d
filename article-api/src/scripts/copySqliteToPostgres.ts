/**
 * `npm run db:copy-to-postgres -- [--from <sqlite file>] [--to <postgres url>]`: the one-shot move
 * of the articles from SQLite into an empty PostgreSQL database, verified row for row before it
 * commits. Defaults: --from DATABASE_PATH (or the default SQLite file), --to DATABASE_URL.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadStorageConfig } from '../config';
import { CopyError, copySqliteToPostgres } from '../db/copySqliteToPostgres';
import { describePostgresUrl } from 'service-kit/postgres';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
  const storage = loadStorageConfig();
  // npm runs workspace scripts in article-api/: a relative --from means the caller's directory.
  const from = values.from ? path.resolve(process.env.INIT_CWD ?? process.cwd(), values.from) : storage.databasePath;
  const to = values.to ?? storage.databaseUrl;
  if (!to) throw new CopyError('name the target: --to postgres://… or DATABASE_URL');
  const report = await copySqliteToPostgres(from, to);
  console.log(
    `copied ${report.articles} articles and ${report.businessArticles} business articles from ${from} ` +
      `to ${describePostgresUrl(to)}, verified row for row; the next article gets id ${report.nextArticleId}`,
  );
}

main().catch((error: unknown) => {
  const known = error instanceof CopyError || error instanceof ConfigError;
  console.error(known ? (error as Error).message : `copy failed: ${(error as Error).message}`);
  process.exit(1);
});
