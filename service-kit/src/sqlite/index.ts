/** SQLite for a service: the file opened for durability, migrations, statements kept for Kysely. */
export * from './database';
export * from './keptStatements';
export * from './migrations';
