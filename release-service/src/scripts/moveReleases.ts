/**
 * `npm run db:move-releases -- --from <article-api database> [--to <release-service database>]`:
 * the one-shot move of the release tables out of an article-api database from before the split
 * (a SQLite file or a postgres:// URL) into the release service's own, verified row for row before
 * the source's tables are dropped. Default --to: DATABASE_URL, else DATABASE_PATH (or the default
 * SQLite file) of the release service's settings.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadStorageConfig } from '../config';
import { MoveError, moveReleases } from '../db/moveReleases';

const named = (location: string) => location.replace(/\/\/[^@/]*@/, '//'); // never print a password

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
  if (!values.from) throw new MoveError('name the article-api database: --from <SQLite file or postgres://…>');
  const storage = loadStorageConfig();
  // npm runs workspace scripts in release-service/: a relative path means the caller's directory.
  const local = (file: string) =>
    /^postgres(ql)?:\/\//.test(file) ? file : path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const from = local(values.from);
  const to = values.to ? local(values.to) : (storage.databaseUrl ?? storage.databasePath);
  const { counts } = await moveReleases(from, to);
  console.log(
    `moved from ${named(from)} to ${named(to)}, verified row for row: ${counts.release_versions} published versions, ` +
      `${counts.registry_lines} registry lines, ${counts.release_audit} audit lines (ids kept), ` +
      `${counts.release_health} health minutes, ${counts.release_operations} stored outcomes, ` +
      `${counts.release_refusal_minutes} summed refusal minutes; ` +
      `the source's release tables were dropped`,
  );
}

main().catch((error: unknown) => {
  const known = error instanceof MoveError || error instanceof ConfigError;
  console.error(known ? (error as Error).message : `move failed: ${(error as Error).message}`);
  process.exit(1);
});
