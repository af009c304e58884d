/** @jest-environment node */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { forgetPublicSiteServer, loadPublicSiteServer } from './publicSiteServer';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));

const release = (build: string) => ({ prepare: jest.fn(), build });
const V1 = 'http://cdn.example/public/v1/mf-manifest.json';
const V2 = 'http://cdn.example/public/v2/mf-manifest.json';

describe('loadPublicSiteServer', () => {
  beforeEach(() => {
    forgetPublicSiteServer();
    jest.mocked(registerRemotes).mockClear();
    jest.mocked(loadRemote).mockReset();
  });

  it('loads a release once and gives every later page the same module', async () => {
    const v1 = release('v1');
    jest.mocked(loadRemote).mockResolvedValue(v1);
    const [first, second] = await Promise.all([loadPublicSiteServer(V1), loadPublicSiteServer(V1)]);
    expect(await loadPublicSiteServer(V1)).toBe(v1);
    expect(first).toBe(v1);
    expect(second).toBe(v1);
    expect(loadRemote).toHaveBeenCalledTimes(1);
    expect(registerRemotes).toHaveBeenCalledTimes(1);
  });

  it('replaces the loaded release when the registry names another one (a redeploy)', async () => {
    const v2 = release('v2');
    jest.mocked(loadRemote).mockResolvedValueOnce(release('v1')).mockResolvedValueOnce(v2);
    await loadPublicSiteServer(V1);
    expect(await loadPublicSiteServer(V2)).toBe(v2);
    expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'public_site', entry: V2 }], { force: true });
    expect(loadRemote).toHaveBeenCalledTimes(2);
  });

  it('rejects a module without prepare(), and loads the release afresh once told to forget it', async () => {
    const fixed = release('v1');
    jest.mocked(loadRemote).mockResolvedValueOnce({ build: 'broken' }).mockResolvedValueOnce(fixed);
    await expect(loadPublicSiteServer(V1)).rejects.toThrow('public_site/server has no prepare()');
    forgetPublicSiteServer();
    expect(await loadPublicSiteServer(V1)).toBe(fixed);
    expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'public_site', entry: V1 }], { force: true });
  });
});
