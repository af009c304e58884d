import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, configFromEnvironment } from './config';

/** A built shell stand-in: the configuration checks that SHELL_DIST holds index.html. */
const shellDist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-server-config-'));
fs.writeFileSync(path.join(shellDist, 'index.html'), '<!doctype html>');
afterAll(() => fs.rmSync(shellDist, { recursive: true, force: true }));

const REMOTES = JSON.stringify({
  public_site: 'https://cdn.example.com/public-site/mf-manifest.json',
  business_portal: 'https://cdn.example.com/business-portal/mf-manifest.json',
  admin_console: 'https://cdn.example.com/admin-console/mf-manifest.json',
});
const FIREBASE = JSON.stringify({ apiKey: 'key', authDomain: 'ai-manabi.firebaseapp.com', projectId: 'ai-manabi' });
const KEY = 'web-key-0123456789-0123456789-0123456789';
const production = {
  NODE_ENV: 'production',
  HOST: '0.0.0.0',
  PORT: '8080',
  SITE_ORIGIN: 'https://ai-manabi.example',
  SHELL_DIST: shellDist,
  REMOTES,
  API_BASE_URL: 'https://ai-manabi.example/api',
  SSR_API_URL: 'http://article-api.internal:3001/api',
  FIREBASE_WEB_CONFIG: FIREBASE,
  HEALTH_TOKEN_KEYS: KEY,
};

const problemsOf = (env: Record<string, string | undefined>) => {
  try {
    configFromEnvironment(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
};

describe('configFromEnvironment', () => {
  it('reads a production deployment: origin, listening address, remotes, API and auth', () => {
    const config = configFromEnvironment(production, { cores: 8 });
    expect(config).toMatchObject({
      siteOrigin: 'https://ai-manabi.example',
      host: '0.0.0.0',
      port: 8080,
      shellDist,
      registryUrl: 'http://article-api.internal:3001/api/registry/production',
      registryRefreshMs: 1000,
      serverApiUrl: 'http://article-api.internal:3001/api',
      serverRendering: true,
      renderThreads: 4,
      viewTokenKeys: [KEY],
    });
    expect(config.remotes.admin_console).toBe('https://cdn.example.com/admin-console/mf-manifest.json');
    expect(config.runtime).toEqual({
      auth: { mode: 'project', config: JSON.parse(FIREBASE) },
      adminEmails: [''],
      previewOrigins: [],
      apiBaseUrl: 'https://ai-manabi.example/api',
      // Without RELEASE_SERVICE_URL the release service is served under the API's base.
      releaseServiceUrl: 'https://ai-manabi.example/api',
      // The browser reports health for this server's environment (RELEASE_ENVIRONMENT, default production).
      releaseEnvironment: 'production',
    });
  });

  it('reads the release service of its own (RELEASE_SERVICE_URL): the registry and the pages’ health go there', () => {
    const config = configFromEnvironment(
      { ...production, RELEASE_SERVICE_URL: 'https://releases.ai-manabi.example/api' },
      { cores: 8 },
    );
    expect(config.registryUrl).toBe('https://releases.ai-manabi.example/api/registry/production');
    expect(config.runtime.releaseServiceUrl).toBe('https://releases.ai-manabi.example/api');
    expect(config.runtime.apiBaseUrl).toBe('https://ai-manabi.example/api');
  });

  it('fails closed, naming every missing setting, with nothing filled in from local defaults', () => {
    const message = problemsOf({ NODE_ENV: 'production', HOST: '0.0.0.0', SHELL_DIST: shellDist });
    expect(message).toContain('REMOTES is required');
    expect(message).toContain('API_BASE_URL is required');
    expect(message).toContain('SITE_ORIGIN is required when the server listens beyond this machine');
    expect(message).toContain('FIREBASE_WEB_CONFIG is required');
  });

  it('names malformed values, down to the key inside a JSON setting', () => {
    const message = problemsOf({
      ...production,
      PORT: 'eighty',
      SITE_ORIGIN: 'https://ai-manabi.example/articles',
      REMOTES: JSON.stringify({ public_site: 'ftp://cdn.example.com/m.json' }),
      FIREBASE_WEB_CONFIG: '{"apiKey":',
      PREVIEW_ORIGINS: 'https://ok.example, not a url',
    });
    expect(message).toContain('PORT');
    expect(message).toContain('SITE_ORIGIN is an origin, without a path');
    expect(message).toContain('REMOTES.public_site must be an absolute http(s) URL');
    expect(message).toContain('REMOTES.business_portal is required');
    expect(message).toContain('FIREBASE_WEB_CONFIG is not JSON');
    expect(message).toContain('PREVIEW_ORIGINS');
  });

  it('signs view tokens with the first HEALTH_TOKEN_KEYS key; production needs keys of its own', () => {
    const other = 'old-key-0123456789-0123456789-0123456789';
    expect(configFromEnvironment({ ...production, HEALTH_TOKEN_KEYS: ` ${KEY}, ${other}` }).viewTokenKeys).toEqual([
      KEY,
      other,
    ]);
    expect(problemsOf({ ...production, HEALTH_TOKEN_KEYS: undefined })).toContain(
      'HEALTH_TOKEN_KEYS is required with NODE_ENV=production (comma-separated keys shared with the other side)',
    );
    expect(problemsOf({ ...production, HEALTH_TOKEN_KEYS: `${KEY},short` })).toContain(
      'HEALTH_TOKEN_KEYS: each key must be at least 32 characters (1 shorter)',
    );
  });

  it('refuses the Auth emulator in production (its ID tokens are unsigned)', () => {
    const { FIREBASE_WEB_CONFIG: _project, ...withoutProject } = production;
    expect(problemsOf({ ...withoutProject, AUTH_EMULATOR_PORT: '9099' })).toContain(
      'AUTH_EMULATOR_PORT is refused with NODE_ENV=production',
    );
  });

  it('lets a loopback server go without SITE_ORIGIN: the origin is http://localhost:<port>', () => {
    const { SITE_ORIGIN: _origin, NODE_ENV: _env, FIREBASE_WEB_CONFIG: _auth, ...local } = production;
    const config = configFromEnvironment({ ...local, HOST: '127.0.0.1', PORT: '4000', AUTH_EMULATOR_PORT: '9099' });
    expect(config.siteOrigin).toBe('http://localhost:4000');
    expect(config.runtime.auth).toEqual({ mode: 'emulator', projectId: 'demo-ai-manabi', emulatorPort: 9099 });
  });

  it('refuses a SHELL_DIST without a built shell', () => {
    expect(problemsOf({ ...production, SHELL_DIST: os.tmpdir() })).toContain('holds no index.html');
  });

  it('takes settings from the WEB_SERVER_CONFIG file, the environment winning', () => {
    const file = path.join(shellDist, 'web-server.json');
    fs.writeFileSync(file, JSON.stringify({ ...production, PORT: '9000', REMOTES: JSON.parse(REMOTES) }));
    const config = configFromEnvironment({ WEB_SERVER_CONFIG: file, PORT: '9100' });
    expect(config.port).toBe(9100);
    expect(config.siteOrigin).toBe('https://ai-manabi.example');
    expect(config.remotes.public_site).toBe('https://cdn.example.com/public-site/mf-manifest.json');
    fs.writeFileSync(file, '{ not json');
    expect(problemsOf({ WEB_SERVER_CONFIG: file })).toContain('could not be read as JSON');
  });
});
