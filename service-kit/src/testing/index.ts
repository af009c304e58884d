/** Test support every service's Jest tests share (never imported by production code). */
export * from './engine';
export * from './freePort';
export * from './http';
export * from './postgresServer';
export * from './prng';
export * from './rawHttp';
export * from './useTestApp';
export * from './maintenance';
export * from './authEmulator';
export * from './runAuthEmulator';
export * from './idTokens';
export * from './authMatrix';
export * from './fakeTokens';
export * from './testEnv';
export * from './rawSql';
