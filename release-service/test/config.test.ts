/**
 * The release service's own settings (the shared ones are tested with the article API's config:
 * both read them through service-kit).
 */
import path from 'node:path';
import { HEALTH_DEFAULTS } from 'shared-releases';
import {
  ConfigError,
  DEFAULT_DATABASE_PATH,
  DEFAULT_PORT,
  DEFAULT_RELEASE_PUBLIC_URL,
  DEFAULT_SHELL_MANIFEST,
  loadConfig,
} from '../src/config';

const EMULATOR = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig (release-service)', () => {
  it('has local defaults: port 3005, its own .data file apart from the articles, the local store and shell', () => {
    const config = loadConfig(EMULATOR);
    expect(DEFAULT_PORT).toBe(3005);
    expect(config).toMatchObject({
      port: 3005,
      host: '127.0.0.1',
      databasePath: DEFAULT_DATABASE_PATH,
      releasePublicUrl: DEFAULT_RELEASE_PUBLIC_URL,
      releaseShellManifests: { staging: DEFAULT_SHELL_MANIFEST, production: DEFAULT_SHELL_MANIFEST },
    });
    expect(DEFAULT_DATABASE_PATH).toBe(path.resolve(__dirname, '../../.data/releases.sqlite'));
  });

  it('refuses to start on the emulator in production, naming the service', () => {
    expect(() => loadConfig({ ...EMULATOR, NODE_ENV: 'production' })).toThrow(/Invalid release-service configuration/);
  });

  it('reads the canary health rules, defaulting to shared-releases HEALTH_DEFAULTS, and refuses nonsense', () => {
    expect(loadConfig(EMULATOR).health).toEqual({
      windowMinutes: HEALTH_DEFAULTS.windowMinutes,
      minCanaryViews: HEALTH_DEFAULTS.minCanaryViews,
      alpha: HEALTH_DEFAULTS.alpha,
      power: HEALTH_DEFAULTS.power,
      minEffect: HEALTH_DEFAULTS.minEffect,
      addressCap: HEALTH_DEFAULTS.addressCap,
      reportsPerMinute: HEALTH_DEFAULTS.reportsPerMinute,
    });
    expect(HEALTH_DEFAULTS).toEqual({
      windowMinutes: 10,
      minCanaryViews: 50,
      alpha: 0.05,
      power: 0.8,
      minEffect: 0.05,
      addressCap: 5,
      reportsPerMinute: 30,
    });
    const config = loadConfig({
      ...EMULATOR,
      HEALTH_WINDOW_MINUTES: '5',
      HEALTH_MIN_CANARY_VIEWS: '200',
      HEALTH_ALPHA: '0.01',
      HEALTH_POWER: '0.9',
      HEALTH_MIN_EFFECT: '0.1',
      HEALTH_ADDRESS_CAP: '3',
      HEALTH_REPORTS_PER_MINUTE: '60',
    });
    expect(config.health).toEqual({
      windowMinutes: 5,
      minCanaryViews: 200,
      alpha: 0.01,
      power: 0.9,
      minEffect: 0.1,
      addressCap: 3,
      reportsPerMinute: 60,
    });
    const problems = problemsOf({
      ...EMULATOR,
      HEALTH_WINDOW_MINUTES: '0',
      HEALTH_MIN_CANARY_VIEWS: 'many',
      HEALTH_ALPHA: '0',
      HEALTH_POWER: '1',
      HEALTH_MIN_EFFECT: 'five points',
      HEALTH_ADDRESS_CAP: '2.5',
      HEALTH_REPORTS_PER_MINUTE: '-1',
    });
    expect(problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'HEALTH_ADDRESS_CAP',
      'HEALTH_ALPHA',
      'HEALTH_MIN_CANARY_VIEWS',
      'HEALTH_MIN_EFFECT',
      'HEALTH_POWER',
      'HEALTH_REPORTS_PER_MINUTE',
      'HEALTH_WINDOW_MINUTES',
    ]);
  });

  it('refuses HEALTH_MARGIN, the fixed margin the sequential test replaced, naming what replaces it', () => {
    expect(() => loadConfig({ ...EMULATOR, HEALTH_MARGIN: '0.25' })).toThrow(/HEALTH_MARGIN.*HEALTH_ALPHA/);
  });
});
