import { storageKeys } from 'shared-core';
import { parseOverrideParams, readStoredOverrides, storeOverrides, vetOverrides } from './previewOverrides';

const ALLOWED = ['https://preview.example.com', 'http://127.0.0.1:4004'];

describe('preview override parsing', () => {
  afterEach(() => localStorage.clear());

  it('reads every mf-override pair, keeping "=" inside the URL', () => {
    expect(
      parseOverrideParams(
        '?x=1&mf-override=admin_console=https://preview.example.com/a/mf-manifest.json?v=2&mf-override=public_site%3Dhttp%3A%2F%2F127.0.0.1%3A4004%2Fmf-manifest.json',
      ),
    ).toEqual([
      { remote: 'admin_console', url: 'https://preview.example.com/a/mf-manifest.json?v=2' },
      { remote: 'public_site', url: 'http://127.0.0.1:4004/mf-manifest.json' },
    ]);
    expect(parseOverrideParams('?mf-override=admin_console&mf-override==https://x')).toEqual([]);
    expect(parseOverrideParams('')).toEqual([]);
  });

  it('accepts only known remotes, http(s) URLs and allowed origins; the last request for a remote wins', () => {
    const { accepted, refused } = vetOverrides(
      [
        { remote: 'admin_console', url: 'https://preview.example.com/v1/mf-manifest.json' },
        { remote: 'admin_console', url: 'https://preview.example.com/v2/mf-manifest.json' },
        { remote: 'public_site', url: 'https://evil.example.com/mf-manifest.json' },
        { remote: 'business_portal', url: 'javascript:alert(1)' },
        { remote: 'evil_remote', url: 'https://preview.example.com/mf-manifest.json' },
        { remote: 'public_site', url: 'https://preview.example.com.evil.example/mf-manifest.json' },
      ],
      ALLOWED,
    );
    expect(accepted).toEqual({ admin_console: 'https://preview.example.com/v2/mf-manifest.json' });
    expect(refused.map((r) => r.reason)).toEqual([
      'https://evil.example.com はプレビューを許可されたオリジンではありません',
      'http(s) のマニフェスト URL ではありません',
      'リモート「evil_remote」はありません',
      'https://preview.example.com.evil.example はプレビューを許可されたオリジンではありません',
    ]);
  });

  it('refuses everything when no origin is allowed (the default)', () => {
    expect(
      vetOverrides([{ remote: 'admin_console', url: 'https://preview.example.com/mf-manifest.json' }], []).accepted,
    ).toEqual({});
  });

  it('remembers accepted overrides and survives tampered storage', () => {
    storeOverrides({ admin_console: 'https://preview.example.com/mf-manifest.json' });
    expect(readStoredOverrides()).toEqual([
      { remote: 'admin_console', url: 'https://preview.example.com/mf-manifest.json' },
    ]);
    storeOverrides({});
    expect(localStorage.getItem(storageKeys.previewOverrides)).toBeNull();
    for (const junk of ['not json', '[1,2]', '{"admin_console":42}', 'null']) {
      localStorage.setItem(storageKeys.previewOverrides, junk);
      expect(readStoredOverrides()).toEqual([]);
    }
  });
});
