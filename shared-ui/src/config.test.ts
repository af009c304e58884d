import { defaultRuntimeConfig, parseAdminEmails, parseRuntimeConfig } from './config';

describe('runtime config', () => {
  const fallback = defaultRuntimeConfig('localhost');

  it('defaults to the API and auth emulator on the page hostname', () => {
    expect(defaultRuntimeConfig('127.0.0.1')).toEqual({
      apiBaseUrl: 'http://127.0.0.1:3001/api',
      auth: { mode: 'emulator', projectId: 'demo-ai-manabi', emulatorPort: 9099 },
      adminEmails: ['admin@example.com'],
      previewOrigins: [],
    });
  });

  it('keeps the preview allow-list to bare http(s) origins', () => {
    const config = parseRuntimeConfig(
      {
        previewOrigins: [
          'https://preview.example.com/',
          'http://127.0.0.1:4004',
          'https://cdn.example.com/admin/v2/',
          'javascript:alert(1)',
          'https://user@evil.example.com',
          42,
        ],
      },
      fallback,
    );
    expect(config.previewOrigins).toEqual(['https://preview.example.com', 'http://127.0.0.1:4004']);
    expect(parseRuntimeConfig({ previewOrigins: 'https://x.example.com' }, fallback).previewOrigins).toEqual([]);
  });

  it('accepts a real Firebase project config', () => {
    const config = parseRuntimeConfig(
      {
        apiBaseUrl: 'https://api.example.com/api/',
        auth: { mode: 'project', config: { apiKey: 'k', authDomain: 'x.firebaseapp.com', projectId: 'x' } },
      },
      fallback,
    );
    expect(config.apiBaseUrl).toBe('https://api.example.com/api');
    expect(config.auth).toEqual({
      mode: 'project',
      config: { apiKey: 'k', authDomain: 'x.firebaseapp.com', projectId: 'x' },
    });
  });

  it('falls back field by field on malformed input', () => {
    expect(parseRuntimeConfig('garbage', fallback)).toEqual(fallback);
    expect(parseRuntimeConfig({ auth: { mode: 'project', config: { apiKey: 1 } }, apiBaseUrl: 7 }, fallback)).toEqual(
      fallback,
    );
  });

  it('only lets the emulator run a demo- project', () => {
    const config = parseRuntimeConfig(
      { auth: { mode: 'emulator', projectId: 'prod-project', emulatorPort: 9199 } },
      fallback,
    );
    expect(config.auth).toEqual({ mode: 'emulator', projectId: 'demo-ai-manabi', emulatorPort: 9199 });
  });

  it('trims and lower-cases the admin list, with the default when empty', () => {
    expect(parseAdminEmails(' Boss@Example.com , ops@example.com ,,')).toEqual(['boss@example.com', 'ops@example.com']);
    expect(parseAdminEmails('')).toEqual(['admin@example.com']);
    expect(parseAdminEmails(undefined)).toEqual(['admin@example.com']);
  });
});
