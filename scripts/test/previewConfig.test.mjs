import { describe, expect, it } from '@jest/globals';
import { contentSecurityPolicy } from 'web-server';
import { runtimeConfig } from 'local-stack/stack.mjs';

const directive = (csp, name) =>
  csp
    .split('; ')
    .find((d) => d.startsWith(`${name} `))
    .split(' ')
    .slice(1);

describe('preview allow-list on the server', () => {
  it('PREVIEW_ORIGINS becomes /app-config.json previewOrigins (origins only); none by default', () => {
    expect(runtimeConfig({}).previewOrigins).toEqual([]);
    expect(
      runtimeConfig({ PREVIEW_ORIGINS: ' https://preview.example.com/ , http://127.0.0.1:4004' }).previewOrigins,
    ).toEqual(['https://preview.example.com', 'http://127.0.0.1:4004']);
  });

  it('the CSP lets scripts and manifests come from the allowed preview origins, and from nowhere else new', () => {
    const registry = { admin_console: 'http://localhost:3004/mf-manifest.json' };
    const config = runtimeConfig({ PREVIEW_ORIGINS: 'https://preview.example.com' });
    const csp = contentSecurityPolicy({ registry, config, hostname: 'localhost', nonce: 'n' });
    expect(directive(csp, 'script-src')).toEqual([
      "'self'",
      'http://localhost:3004',
      'https://preview.example.com',
      'https://apis.google.com',
    ]);
    expect(directive(csp, 'connect-src')).toContain('https://preview.example.com');
    const without = contentSecurityPolicy({ registry, config: runtimeConfig({}), hostname: 'localhost', nonce: 'n' });
    expect(directive(without, 'script-src')).not.toContain('https://preview.example.com');
  });
});

describe('the release service in the CSP', () => {
  const registry = { admin_console: 'https://admin.example.com/mf-manifest.json' };
  const connect = (config, hostname) =>
    directive(contentSecurityPolicy({ registry, config, hostname, nonce: 'n' }), 'connect-src');

  it('lets pages reach the release service: on its own origin, locally on :3005, or under the API', () => {
    const deployed = { ...runtimeConfig({}), apiBaseUrl: 'https://ai-manabi.example/api' };
    expect(connect({ ...deployed, releaseServiceUrl: 'https://releases.example/api' }, 'ai-manabi.example')).toEqual(
      expect.arrayContaining(['https://ai-manabi.example', 'https://releases.example']),
    );
    expect(connect(runtimeConfig({}), 'localhost')).toContain('http://localhost:3005');
    // Unnamed in a deployment, it is served under the API's base: no origin of its own is allowed.
    const underApi = connect(deployed, 'ai-manabi.example');
    expect(underApi).toContain('https://ai-manabi.example');
    expect(underApi.filter((origin) => origin.endsWith(':3005'))).toEqual([]);
  });
});
