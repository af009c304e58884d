/** SQLite for a service: the file opened for durability, and migrations. */
export * from './database';
export * from './migrations';
