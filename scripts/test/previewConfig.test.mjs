import { describe, expect, it } from '@jest/globals';
import { contentSecurityPolicy } from 'web-server';
import { runtimeConfig } from '../lib/stack.mjs';

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
