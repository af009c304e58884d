import { describe, expect, it } from '@jest/globals';
import { contentSecurityPolicy, noncedPolicies } from 'web-server';
import { runtimeConfig } from 'local-stack/stack.mjs';

describe('noncedPolicies (the shell server builds a policy once per registry and hostname)', () => {
  const config = runtimeConfig({});
  const registry = { public_site: 'http://localhost:3002/mf-manifest.json' };

  it("is contentSecurityPolicy with each response's own nonce", () => {
    const policyFor = noncedPolicies(config);
    for (const nonce of ['Zm9v', 'YmFyYmF6', 'q+/w==']) {
      expect(policyFor({ registry, hostname: 'localhost', nonce })).toBe(
        contentSecurityPolicy({ registry, config, hostname: 'localhost', nonce }),
      );
    }
  });

  it('follows a released remote and another hostname', () => {
    const policyFor = noncedPolicies(config);
    policyFor({ registry, hostname: 'localhost', nonce: 'a' });
    const released = { public_site: 'https://cdn.example.com/public-site/2/mf-manifest.json' };
    expect(policyFor({ registry: released, hostname: 'localhost', nonce: 'b' })).toContain('https://cdn.example.com');
    expect(policyFor({ registry, hostname: '127.0.0.1', nonce: 'c' })).toBe(
      contentSecurityPolicy({ registry, config, hostname: '127.0.0.1', nonce: 'c' }),
    );
  });
});
