/** PostgreSQL for a service: the pool, transactions, migrations and the shared rate-limit counters. */
export * from './migrations';
export * from './pool';
export * from './rateLimitStore';
export * from './openPool';
