import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { registryFileIn } from '../lib/registry.mjs';
import { readLiveRegistry } from '../lib/stack.mjs';

const fallback = {
  public_site: 'http://localhost:3002/mf-manifest.json',
  business_portal: 'http://localhost:3003/mf-manifest.json',
  admin_console: 'http://localhost:3004/mf-manifest.json',
};

describe('readLiveRegistry', () => {
  let storeDir;
  beforeEach(() => {
    storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-test-'));
  });
  afterEach(() => fs.rmSync(storeDir, { recursive: true, force: true }));

  const writeRegistry = (value) =>
    fs.writeFileSync(registryFileIn(storeDir), typeof value === 'string' ? value : JSON.stringify(value));

  it('serves the local builds while nothing was released', () => {
    expect(readLiveRegistry({ storeDir, fallback })).toEqual(fallback);
  });

  it('a released line replaces only that remote', () => {
    writeRegistry({ admin_console: 'http://localhost:3004/releases/v2/mf-manifest.json' });
    expect(readLiveRegistry({ storeDir, fallback })).toEqual({
      ...fallback,
      admin_console: 'http://localhost:3004/releases/v2/mf-manifest.json',
    });
  });

  it('drops unknown remotes and anything that is not an absolute http(s) URL', () => {
    writeRegistry({
      admin_console: 'javascript:alert(1)',
      public_site: '/relative/mf-manifest.json',
      business_portal: 42,
      evil_remote: 'https://evil.example.com/mf-manifest.json',
    });
    expect(readLiveRegistry({ storeDir, fallback })).toEqual(fallback);
  });

  it('serves the local builds when the first file is not JSON, and follows it once it is fixed', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    writeRegistry('{"admin_console": "http://loc');
    expect(readLiveRegistry({ storeDir, fallback })).toEqual(fallback);
    expect(spy).toHaveBeenCalledWith(expect.stringContaining('malformed'));
    spy.mockRestore();
    writeRegistry({ admin_console: 'https://cdn.example.com/admin/v3/mf-manifest.json' });
    expect(readLiveRegistry({ storeDir, fallback }).admin_console).toBe(
      'https://cdn.example.com/admin/v3/mf-manifest.json',
    );
  });

  it('keeps the last good release lines, never the local builds, when the file turns malformed or goes away', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    const released = 'https://cdn.example.com/admin/v3/mf-manifest.json';
    writeRegistry({ admin_console: released });
    expect(readLiveRegistry({ storeDir, fallback }).admin_console).toBe(released);
    writeRegistry('[1, 2');
    expect(readLiveRegistry({ storeDir, fallback }).admin_console).toBe(released);
    writeRegistry('"a string"');
    expect(readLiveRegistry({ storeDir, fallback }).admin_console).toBe(released);
    fs.rmSync(registryFileIn(storeDir));
    expect(readLiveRegistry({ storeDir, fallback }).admin_console).toBe(released);
    expect(spy.mock.calls.map(([message]) => message)).toEqual([
      expect.stringContaining('malformed'),
      expect.stringContaining('malformed'),
      expect.stringContaining('is gone'),
    ]);
    spy.mockRestore();
  });

  it('sees a file renamed over the old one at the next call (no restart)', () => {
    writeRegistry({ admin_console: 'http://localhost:3004/releases/v1/mf-manifest.json' });
    expect(readLiveRegistry({ storeDir, fallback }).admin_console).toContain('/v1/');
    const next = path.join(storeDir, 'next.json');
    fs.writeFileSync(next, JSON.stringify({ admin_console: 'http://localhost:3004/releases/v2/mf-manifest.json' }));
    fs.renameSync(next, registryFileIn(storeDir));
    expect(readLiveRegistry({ storeDir, fallback }).admin_console).toContain('/v2/');
  });
});
