import { registerRemotes } from '@module-federation/enhanced/runtime';
import { fakeFetch } from 'shared-data/testing';
import { isRegistered, loadRegistry, parseRegistry, reRegister } from './registry';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn() }));

const serveRegistry = (body: unknown) => fakeFetch(() => ({ status: 200, body }));

describe('runtime registry', () => {
  beforeEach(() => jest.mocked(registerRemotes).mockClear());

  it('keeps known remotes with http(s) manifest URLs only', () => {
    expect(
      parseRegistry({
        public_site: 'https://cdn.example.com/public/v42/mf-manifest.json',
        business_portal: 'javascript:alert(1)',
        admin_console: 42,
        evil_remote: 'https://evil.example.com/mf-manifest.json',
      }),
    ).toEqual({ public_site: 'https://cdn.example.com/public/v42/mf-manifest.json' });
    expect(parseRegistry(null)).toEqual({});
    expect(parseRegistry('nope')).toEqual({});
  });

  it('registers every remote named in /mf-remotes.json', async () => {
    serveRegistry({
      public_site: 'http://localhost:3002/mf-manifest.json',
      admin_console: 'http://localhost:3004/mf-manifest.json',
    });
    await loadRegistry();
    expect(registerRemotes).toHaveBeenCalledWith([
      { name: 'public_site', entry: 'http://localhost:3002/mf-manifest.json' },
      { name: 'admin_console', entry: 'http://localhost:3004/mf-manifest.json' },
    ]);
    expect(isRegistered('public_site')).toBe(true);
    expect(isRegistered('business_portal')).toBe(false);
  });

  it('starts with no remotes when the registry cannot be read', async () => {
    fakeFetch(() => 'network-error');
    await loadRegistry();
    expect(registerRemotes).toHaveBeenCalledWith([]);
    expect(isRegistered('public_site')).toBe(false);
  });

  it('re-registers a remote with force so a failed entry is fetched again', async () => {
    serveRegistry({ public_site: 'http://localhost:3002/mf-manifest.json' });
    await loadRegistry();
    reRegister('public_site');
    expect(registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'public_site', entry: 'http://localhost:3002/mf-manifest.json' }],
      {
        force: true,
      },
    );
  });
});
