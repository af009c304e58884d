/**
 * The release service's own settings (the shared ones are tested with the article API's config:
 * both read them through service-kit).
 */
import fs from 'node:fs';
import path from 'node:path';
import { HEALTH_DEFAULTS, VITAL_MARGIN_DEFAULTS } from 'shared-releases';
import { DEVELOPMENT_VIEW_TOKEN_KEY } from 'shared-releases/view-token';
import { configProblems } from 'service-kit/testing';
import {
  DEFAULT_CORS_ORIGINS,
  DEFAULT_DATABASE_PATH,
  DEFAULT_PORT,
  DEFAULT_RELEASE_PUBLIC_URL,
  DEFAULT_SHELL_MANIFEST,
  loadConfig,
} from '../src/config';

const EMULATOR = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };
const KEY_A = 'key-a-0123456789-0123456789-0123456789';
const KEY_B = 'key-b-0123456789-0123456789-0123456789';

/** The health settings that are numbers (HEALTH_TOKEN_KEYS is a list), sorted. */
const HEALTH_NUMBER_SETTINGS = [
  'HEALTH_ALPHA',
  'HEALTH_MIN_CANARY_VIEWS',
  'HEALTH_MIN_EFFECT',
  'HEALTH_POWER',
  'HEALTH_REPORTS_PER_MINUTE',
  'HEALTH_TOKEN_TTL_SECONDS',
  'HEALTH_TOKEN_VIEWS',
  'HEALTH_WINDOW_MINUTES',
];
/** The README's table of settings: each numeric HEALTH_* default it names. */
const DOCUMENTED_HEALTH_DEFAULTS = Object.fromEntries(
  [
    ...fs
      .readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8')
      .matchAll(/^\| `(HEALTH_[A-Z_]+)` \| `([\d.]+)` \|/gm),
  ].map(([, name, value]) => [name!, value!]),
);

const problemsOf = (env: Record<string, string>) => configProblems(loadConfig, env);

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
    expect(loadConfig(EMULATOR).health).toEqual(
      Object.assign(
        { tokenKeys: [DEVELOPMENT_VIEW_TOKEN_KEY], origins: DEFAULT_CORS_ORIGINS, vitalMargins: VITAL_MARGIN_DEFAULTS },
        HEALTH_DEFAULTS,
      ),
    );
    // The defaults are the figures the README's table documents: setting each to it changes nothing.
    expect(Object.keys(DOCUMENTED_HEALTH_DEFAULTS).sort()).toEqual(HEALTH_NUMBER_SETTINGS);
    expect(loadConfig({ ...EMULATOR, ...DOCUMENTED_HEALTH_DEFAULTS }).health).toEqual(loadConfig(EMULATOR).health);
    expect(Object.values(DOCUMENTED_HEALTH_DEFAULTS).map(Number).sort()).toEqual(Object.values(HEALTH_DEFAULTS).sort());
    const config = loadConfig({
      ...EMULATOR,
      HEALTH_WINDOW_MINUTES: '5',
      HEALTH_MIN_CANARY_VIEWS: '200',
      HEALTH_ALPHA: '0.01',
      HEALTH_POWER: '0.9',
      HEALTH_MIN_EFFECT: '0.1',
      HEALTH_TOKEN_VIEWS: '2',
      HEALTH_TOKEN_TTL_SECONDS: '300',
      HEALTH_REPORTS_PER_MINUTE: '60',
      HEALTH_TOKEN_KEYS: `${KEY_B}, ${KEY_A}`,
      CORS_ORIGINS: 'https://manabi.example',
    });
    expect(config.health).toEqual({
      windowMinutes: 5,
      minCanaryViews: 200,
      alpha: 0.01,
      power: 0.9,
      minEffect: 0.1,
      tokenViews: 2,
      tokenTtlSeconds: 300,
      reportsPerMinute: 60,
      tokenKeys: [KEY_B, KEY_A],
      origins: ['https://manabi.example'],
      vitalMargins: VITAL_MARGIN_DEFAULTS,
    });
    const problems = problemsOf({
      ...EMULATOR,
      HEALTH_WINDOW_MINUTES: '0',
      HEALTH_MIN_CANARY_VIEWS: 'many',
      HEALTH_ALPHA: '0',
      HEALTH_POWER: '1',
      HEALTH_MIN_EFFECT: 'five points',
      HEALTH_TOKEN_VIEWS: '21',
      HEALTH_TOKEN_TTL_SECONDS: '1',
      HEALTH_REPORTS_PER_MINUTE: '-1',
    });
    expect(problems.map((problem) => problem.split(':')[0]).sort()).toEqual(HEALTH_NUMBER_SETTINGS);
  });

  it('refuses HEALTH_MARGIN, the fixed margin the sequential test replaced, naming what replaces it', () => {
    expect(() => loadConfig({ ...EMULATOR, HEALTH_MARGIN: '0.25' })).toThrow(/HEALTH_MARGIN.*HEALTH_ALPHA/);
  });

  it('needs view-token keys of its own in production, each long enough', () => {
    expect(problemsOf({ ...EMULATOR, HEALTH_TOKEN_KEYS: 'short' })).toEqual([
      'HEALTH_TOKEN_KEYS: each key must be at least 32 characters (1 shorter)',
    ]);
    expect(problemsOf({ FIREBASE_PROJECT_ID: 'ai-manabi', NODE_ENV: 'production' })).toContain(
      'HEALTH_TOKEN_KEYS is required with NODE_ENV=production (comma-separated keys shared with the other side)',
    );
  });
});

describe('the Core Web Vitals margins', () => {
  it('reads HEALTH_LCP_MARGIN_MS, HEALTH_INP_MARGIN_MS and HEALTH_CLS_MARGIN, refusing each out of range by name', () => {
    expect(VITAL_MARGIN_DEFAULTS).toEqual({ lcp: 250, inp: 50, cls: 0.02 });
    const set = { HEALTH_LCP_MARGIN_MS: '400', HEALTH_INP_MARGIN_MS: '0', HEALTH_CLS_MARGIN: '0.05' };
    expect(loadConfig({ ...EMULATOR, ...set }).health.vitalMargins).toEqual({ lcp: 400, inp: 0, cls: 0.05 });
    const problems = problemsOf({
      ...EMULATOR,
      HEALTH_LCP_MARGIN_MS: 'slow',
      HEALTH_INP_MARGIN_MS: '-5',
      HEALTH_CLS_MARGIN: '2',
    });
    expect(problems).toContain('HEALTH_CLS_MARGIN: HEALTH_CLS_MARGIN must be a number from 0 to 1');
    expect(problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'HEALTH_CLS_MARGIN',
      'HEALTH_INP_MARGIN_MS',
      'HEALTH_LCP_MARGIN_MS',
    ]);
  });
});
