import path from 'node:path';
import { configProblems } from 'service-kit/testing';
import { DEFAULT_CORS_ORIGINS, DEFAULT_DATABASE_PATH, loadConfig } from '../src/config';

const EMULATOR = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };

const problemsOf = (env: Record<string, string>) => configProblems(loadConfig, env);

describe('loadConfig', () => {
  it('has local defaults: port 3001 on 127.0.0.1, the repo .data file, the local app origins', () => {
    const config = loadConfig(EMULATOR);
    expect(config).toMatchObject({
      port: 3001,
      host: '127.0.0.1',
      databasePath: DEFAULT_DATABASE_PATH,
      adminEmails: ['admin@example.com'],
      firebaseProjectId: 'demo-ai-manabi',
      authEmulatorHost: '127.0.0.1:9099',
      logLevel: 'info',
      writeRateLimit: { max: 60, windowMs: 60_000 },
      bodyLimitBytes: 262_144,
    });
    expect(DEFAULT_DATABASE_PATH).toBe(path.resolve(__dirname, '../../.data/articles.sqlite'));
    expect(config.corsOrigins).toEqual(DEFAULT_CORS_ORIGINS);
    expect(DEFAULT_CORS_ORIGINS).toEqual(
      expect.arrayContaining([
        'http://localhost:3000',
        'http://127.0.0.1:3000',
        'http://localhost:3004',
        'http://127.0.0.1:3004',
      ]),
    );
  });

  it('reads every variable', () => {
    const config = loadConfig({
      ...EMULATOR,
      PORT: '4000',
      HOST: '0.0.0.0',
      DATABASE_PATH: 'tmp/test.sqlite',
      ADMIN_EMAILS: ' Boss@Example.com, ops@example.com ',
      CORS_ORIGINS: 'https://ai-manabi.example, http://localhost:8080',
      FIREBASE_PROJECT_ID: 'demo-other',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_WRITE_MAX: '5',
      RATE_LIMIT_WINDOW_MS: '10000',
    });
    expect(config).toMatchObject({
      port: 4000,
      host: '0.0.0.0',
      databasePath: path.resolve('tmp/test.sqlite'),
      adminEmails: ['boss@example.com', 'ops@example.com'],
      corsOrigins: ['https://ai-manabi.example', 'http://localhost:8080'],
      firebaseProjectId: 'demo-other',
      logLevel: 'warn',
      writeRateLimit: { max: 5, windowMs: 10_000 },
    });
  });

  it('keeps :memory: as is and treats empty variables as unset', () => {
    const config = loadConfig({ ...EMULATOR, DATABASE_PATH: ':memory:', PORT: '', ADMIN_EMAILS: '' });
    expect(config.databasePath).toBe(':memory:');
    expect(config.port).toBe(3001);
    expect(config.adminEmails).toEqual(['admin@example.com']);
  });

  it('verifies real tokens of a real project when no emulator is set', () => {
    expect(loadConfig({ FIREBASE_PROJECT_ID: 'ai-manabi-prod', NODE_ENV: 'production' }).authEmulatorHost).toBeNull();
  });

  it('refuses the emulator in production', () => {
    expect(problemsOf({ ...EMULATOR, NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'ai-manabi-prod' })).toEqual([
      expect.stringContaining('NODE_ENV=production'),
    ]);
  });

  it('refuses a demo project without the emulator', () => {
    expect(problemsOf({})).toEqual([expect.stringContaining('demo project')]);
  });

  it('reads the PostgreSQL, proxy and anonymous-limit settings', () => {
    expect(loadConfig(EMULATOR)).toMatchObject({
      databaseUrl: null,
      databasePoolMax: 10,
      trustProxy: false,
      anonymousRateLimit: { max: 60, windowMs: 60_000 },
    });
    const config = loadConfig({
      ...EMULATOR,
      DATABASE_URL: 'postgres://api:secret@db.internal:5432/ai_manabi',
      DATABASE_POOL_MAX: '4',
      TRUST_PROXY: '2',
      RATE_LIMIT_WRITE_MAX: '30',
      RATE_LIMIT_ANONYMOUS_MAX: '120',
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgres://api:secret@db.internal:5432/ai_manabi',
      databasePoolMax: 4,
      trustProxy: 2,
      writeRateLimit: { max: 30, windowMs: 60_000 },
      anonymousRateLimit: { max: 120, windowMs: 60_000 },
    });
    expect(loadConfig({ ...EMULATOR, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ ...EMULATOR, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ...EMULATOR, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    // Without its own value the anonymous limit follows the write limit.
    expect(loadConfig({ ...EMULATOR, RATE_LIMIT_WRITE_MAX: '7' }).anonymousRateLimit.max).toBe(7);
  });

  it('refuses a database URL that is not PostgreSQL and a proxy list that is not addresses', () => {
    expect(problemsOf({ ...EMULATOR, DATABASE_URL: 'mysql://db/x', TRUST_PROXY: 'everyone' })).toEqual([
      expect.stringMatching(/^DATABASE_URL: /),
      expect.stringMatching(/^TRUST_PROXY.*: TRUST_PROXY lists IP addresses/),
    ]);
  });

  it('lists every malformed variable', () => {
    const problems = problemsOf({
      PORT: 'http',
      FIREBASE_AUTH_EMULATOR_HOST: 'http://127.0.0.1:9099',
      LOG_LEVEL: 'loud',
      CORS_ORIGINS: 'not a url',
      RATE_LIMIT_WRITE_MAX: '0',
    });
    expect(problems.map((problem) => problem.split(':')[0])).toEqual(
      expect.arrayContaining([
        'PORT',
        'FIREBASE_AUTH_EMULATOR_HOST',
        'LOG_LEVEL',
        'CORS_ORIGINS.0',
        'RATE_LIMIT_WRITE_MAX',
      ]),
    );
  });
});
