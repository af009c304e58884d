import {
  DEVELOPMENT_VIEW_TOKEN_KEY,
  releasesPart,
  servedBy,
  signViewToken,
  verifyViewToken,
  viewTokenFor,
  viewTokenKeysOf,
} from './viewToken';
import { VIEW_TOKEN_MAX_LENGTH } from './canary';

const OLD = 'old-key-0123456789-0123456789-0123456789';
const NEW = 'new-key-0123456789-0123456789-0123456789';
const NOW = Date.parse('2026-03-02T09:00:00Z');
const TTL = { ttlMs: 600_000 };
const REGISTRY = {
  admin_console: 'https://cdn.example.com/admin-console/releases/v1/mf-manifest.json',
  business_portal: 'https://cdn.example.com/business-portal/mf-manifest.json',
  public_site: 'https://cdn.example.com/public-site/releases/2026-03-01/mf-manifest.json',
};

describe('view tokens', () => {
  it('names the releases served, the bucket and the time, and verifies with the key that signed it', () => {
    const token = signViewToken(NEW, releasesPart(REGISTRY), 4211, NOW);
    expect(token.length).toBeLessThanOrEqual(150);
    const view = verifyViewToken([NEW], token, NOW + 1000, TTL)!;
    expect(view).toMatchObject({ bucket: 4211, issuedMs: NOW });
    expect(servedBy(view, 'public_site', REGISTRY.public_site)).toBe(true);
    expect(servedBy(view, 'public_site', 'https://cdn.example.com/public-site/releases/v0/mf-manifest.json')).toBe(
      false,
    );
    expect(servedBy(view, 'shell', REGISTRY.public_site)).toBe(false);
  });

  it('is new for every page: two tokens of one registry and second differ', () => {
    const part = releasesPart(REGISTRY);
    expect(signViewToken(NEW, part, null, NOW)).not.toBe(signViewToken(NEW, part, null, NOW));
  });

  it('refuses a token signed with another key, tampered with, expired or from too far ahead', () => {
    const token = signViewToken(NEW, releasesPart(REGISTRY), 7, NOW);
    expect(verifyViewToken([OLD], token, NOW, TTL)).toBeNull();
    // Another release named under the same signature.
    const forged = token.replace(/public_site:[\w-]{8}/, `public_site:${'A'.repeat(8)}`);
    expect(forged).not.toBe(token);
    expect(verifyViewToken([NEW], forged, NOW, TTL)).toBeNull();
    expect(verifyViewToken([NEW], token.replace('.7.', '.8.'), NOW, TTL)).toBeNull();
    expect(verifyViewToken([NEW], token, NOW + 600_000, TTL)).not.toBeNull();
    expect(verifyViewToken([NEW], token, NOW + 600_001, TTL)).toBeNull();
    expect(verifyViewToken([NEW], token, NOW - 60_000, TTL)).not.toBeNull();
    expect(verifyViewToken([NEW], token, NOW - 60_001, TTL)).toBeNull();
    for (const junk of ['', 'x', token + 'x', token.slice(1), 'a'.repeat(VIEW_TOKEN_MAX_LENGTH)]) {
      expect(verifyViewToken([NEW], junk, NOW, TTL)).toBeNull();
    }
  });

  it('rotates without downtime: tokens of the old key verify while both are listed', () => {
    const old = signViewToken(OLD, releasesPart(REGISTRY), null, NOW);
    const fresh = signViewToken(NEW, releasesPart(REGISTRY), null, NOW);
    // Step 1: verifiers list OLD,NEW (signers still OLD); step 2: signers NEW,OLD; step 3: NEW only.
    expect(verifyViewToken([OLD, NEW], fresh, NOW, TTL)).not.toBeNull();
    expect(verifyViewToken([NEW, OLD], old, NOW, TTL)).not.toBeNull();
    expect(verifyViewToken([NEW], old, NOW, TTL)).toBeNull();
  });

  it('stands in for a page in tests: one manifest per remote', () => {
    const token = viewTokenFor([{ remote: 'public_site', manifest: REGISTRY.public_site }], { nowMs: NOW });
    const view = verifyViewToken([DEVELOPMENT_VIEW_TOKEN_KEY], token, NOW, TTL)!;
    expect([...view.releases.keys()]).toEqual(['public_site']);
  });
});

describe('the key setting', () => {
  it('takes a comma-separated list, the first signing; the development key outside production only', () => {
    expect(viewTokenKeysOf('K', ` ${NEW} , ${OLD} ,`, true)).toEqual({ keys: [NEW, OLD] });
    expect(viewTokenKeysOf('K', undefined, false)).toEqual({ keys: [DEVELOPMENT_VIEW_TOKEN_KEY] });
    expect(viewTokenKeysOf('K', undefined, true)).toEqual({
      problem: 'K is required with NODE_ENV=production (comma-separated keys shared with the other side)',
    });
    expect(viewTokenKeysOf('K', `${NEW},short`, false)).toEqual({
      problem: 'K: each key must be at least 32 characters (1 shorter)',
    });
    expect(viewTokenKeysOf('K', DEVELOPMENT_VIEW_TOKEN_KEY, true)).toEqual({
      problem: 'K: the development key is refused with NODE_ENV=production',
    });
  });
});
