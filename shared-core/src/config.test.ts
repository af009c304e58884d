import {
  adminPolicyOf,
  defaultRuntimeConfig,
  getRuntimeConfig,
  loadRuntimeConfig,
  parseRuntimeConfig,
  RuntimeConfigError,
  setRuntimeConfig,
} from './config';

const local = { pageUrl: 'http://localhost:3000/articles' };
const deployed = { pageUrl: 'https://ai-manabi.example/articles' };
const projectAuth = {
  mode: 'project',
  config: { apiKey: 'k', authDomain: 'x.firebaseapp.com', projectId: 'x' },
} as const;

describe('runtime config', () => {
  it('defaults to the API and auth emulator on the page hostname', () => {
    expect(defaultRuntimeConfig('127.0.0.1')).toEqual({
      apiBaseUrl: 'http://127.0.0.1:3001/api',
      releaseServiceUrl: 'http://127.0.0.1:3005/api',
      auth: { mode: 'emulator', projectId: 'demo-ai-manabi', emulatorPort: 9099 },
      adminEmails: ['admin@example.com'],
      previewOrigins: [],
      releaseEnvironment: 'production',
    });
  });

  it('accepts a real Firebase project config', () => {
    const config = parseRuntimeConfig({ apiBaseUrl: 'https://api.example.com/api/', auth: projectAuth }, deployed);
    expect(config.apiBaseUrl).toBe('https://api.example.com/api');
    expect(config.auth).toEqual(projectAuth);
  });

  it('resolves an API path against the page, so a server can use the same file', () => {
    const config = parseRuntimeConfig({ apiBaseUrl: '/api', auth: projectAuth }, deployed);
    expect(config.apiBaseUrl).toBe('https://ai-manabi.example/api');
  });

  describe('in local development (localhost, 127.0.0.1)', () => {
    const fallback = defaultRuntimeConfig('localhost');

    it('falls back field by field on missing or malformed input', () => {
      expect(parseRuntimeConfig('garbage', local)).toEqual(fallback);
      expect(parseRuntimeConfig({}, local)).toEqual(fallback);
      expect(parseRuntimeConfig({ auth: { mode: 'project', config: { apiKey: 1 } }, apiBaseUrl: 7 }, local)).toEqual(
        fallback,
      );
      expect(parseRuntimeConfig({ adminEmails: ['Boss@Example.com'] }, local)).toEqual({
        ...fallback,
        adminEmails: ['boss@example.com'],
      });
    });

    it('follows the page hostname', () => {
      expect(parseRuntimeConfig({}, { pageUrl: 'http://127.0.0.1:3000/' }).apiBaseUrl).toBe(
        'http://127.0.0.1:3001/api',
      );
    });

    it('only lets the emulator run a demo- project', () => {
      const config = parseRuntimeConfig(
        { auth: { mode: 'emulator', projectId: 'prod-project', emulatorPort: 9199 } },
        local,
      );
      expect(config.auth).toEqual({ mode: 'emulator', projectId: 'demo-ai-manabi', emulatorPort: 9199 });
    });
  });

  describe('outside local development', () => {
    const problemsOf = (raw: unknown): string[] => {
      try {
        parseRuntimeConfig(raw, deployed);
      } catch (error) {
        expect(error).toBeInstanceOf(RuntimeConfigError);
        return (error as RuntimeConfigError).problems;
      }
      throw new Error('expected a RuntimeConfigError');
    };

    it('refuses a missing or malformed file instead of falling back to localhost', () => {
      expect(problemsOf('garbage')).toEqual(['JSON オブジェクトではありません']);
      expect(problemsOf({ auth: projectAuth })).toEqual([
        'apiBaseUrl: API の URL（http(s)://… または /…）を指定してください',
      ]);
      expect(problemsOf({ apiBaseUrl: 'ftp://x', auth: { mode: 'project', config: { apiKey: '' } } })).toEqual([
        'apiBaseUrl: API の URL は http(s):// または / で始めてください',
        'auth.config.apiKey: apiKey を指定してください',
        'auth.config.authDomain: authDomain を指定してください',
        'auth.config.projectId: projectId を指定してください',
      ]);
    });

    it('names each wrong entry of a list, and refuses a list for the whole file', () => {
      const withLists = {
        apiBaseUrl: '/api',
        auth: projectAuth,
        adminEmails: ['a@example.com', 1],
        previewOrigins: [7],
      };
      expect(problemsOf(withLists)).toEqual([
        'adminEmails.1: adminEmails は文字列の配列で指定してください',
        'previewOrigins.0: previewOrigins には https://host のようなオリジンだけを指定してください',
      ]);
      expect(problemsOf([withLists])).toEqual(['JSON オブジェクトではありません']);
      expect(problemsOf({ apiBaseUrl: '/api', auth: { mode: 'emulator', emulatorPort: 0.5 } })).toEqual([
        'auth.emulatorPort: ポート番号は整数で指定してください',
      ]);
      expect(problemsOf({ apiBaseUrl: '/api', auth: { mode: 'emulator', emulatorPort: 70000 } })).toEqual([
        'auth.emulatorPort: ポート番号は 1〜65535 で指定してください',
      ]);
    });

    it('refuses an emulator project that is not a demo- project', () => {
      expect(problemsOf({ apiBaseUrl: '/api', auth: { mode: 'emulator', projectId: 'prod' } })).toEqual([
        'auth.projectId: エミュレーターのプロジェクトIDは demo- で始めてください',
      ]);
    });

    it('says so in Japanese', () => {
      expect(() => parseRuntimeConfig(null, deployed)).toThrow(
        'アプリ設定（app-config.json）が正しくありません: JSON オブジェクトではありません',
      );
    });
  });

  it('keeps the preview allow-list to bare http(s) origins, and refuses anything else when deployed', () => {
    const config = parseRuntimeConfig(
      {
        apiBaseUrl: '/api',
        auth: projectAuth,
        previewOrigins: ['https://preview.example.com/', 'http://127.0.0.1:4004'],
      },
      deployed,
    );
    expect(config.previewOrigins).toEqual(['https://preview.example.com', 'http://127.0.0.1:4004']);
    expect(parseRuntimeConfig({ apiBaseUrl: '/api', auth: projectAuth }, deployed).previewOrigins).toEqual([]);
    for (const bad of [
      ['https://cdn.example.com/admin/v2/'],
      ['javascript:alert(1)'],
      ['https://u@evil.example'],
      'x',
    ]) {
      expect(() =>
        parseRuntimeConfig({ apiBaseUrl: '/api', auth: projectAuth, previewOrigins: bad }, deployed),
      ).toThrow(/previewOrigins/);
      expect(parseRuntimeConfig({ previewOrigins: bad }, local).previewOrigins).toEqual([]);
    }
  });

  it('names the release environment the page reports its health to: production unless the file says staging', () => {
    const parse = (releaseEnvironment: unknown, page = deployed) =>
      parseRuntimeConfig({ apiBaseUrl: '/api', auth: projectAuth, releaseEnvironment }, page).releaseEnvironment;
    expect(parse('staging')).toBe('staging');
    expect(parse('production')).toBe('production');
    expect(parse(undefined)).toBe('production');
    expect(() => parse('canary')).toThrow(
      'releaseEnvironment: releaseEnvironment は staging か production を指定してください',
    );
    expect(parse('canary', local)).toBe('production');
    expect(parseRuntimeConfig({ releaseEnvironment: 'staging' }, local).releaseEnvironment).toBe('staging');
  });

  it('applies the admin rule of the API to the list: trimmed, lower-cased, the default when empty', () => {
    const parse = (adminEmails: unknown) =>
      parseRuntimeConfig({ apiBaseUrl: '/api', auth: projectAuth, adminEmails }, deployed).adminEmails;
    expect(parse([' Boss@Example.com ', 'ops@example.com', ''])).toEqual(['boss@example.com', 'ops@example.com']);
    expect(parse([])).toEqual(['admin@example.com']);
    expect(parse(undefined)).toEqual(['admin@example.com']);
  });

  it('requires a verified admin e-mail exactly when the API does: outside the emulator', () => {
    expect(adminPolicyOf(defaultRuntimeConfig()).requireVerifiedEmail).toBe(false);
    const project = parseRuntimeConfig({ apiBaseUrl: '/api', auth: projectAuth }, deployed);
    expect(adminPolicyOf(project)).toEqual({ adminEmails: ['admin@example.com'], requireVerifiedEmail: true });
  });
});

describe('loadRuntimeConfig', () => {
  const answer = (status: number, body: unknown) =>
    jest.fn(async () => ({ ok: status < 300, status, json: async () => body }) as Response);

  afterEach(() => setRuntimeConfig(defaultRuntimeConfig()));

  it('fetches the file next to the page and makes it the current config', async () => {
    const fetch = answer(200, { apiBaseUrl: 'https://api.example/api', auth: projectAuth });
    const config = await loadRuntimeConfig({ pageUrl: 'https://ai-manabi.example/business/x', fetch });
    expect(fetch).toHaveBeenCalledWith('https://ai-manabi.example/app-config.json');
    expect(config.apiBaseUrl).toBe('https://api.example/api');
    expect(getRuntimeConfig()).toBe(config);
  });

  it('uses the local defaults when a local page has no file', async () => {
    const config = await loadRuntimeConfig({ pageUrl: 'http://localhost:3002/', fetch: answer(404, null) });
    expect(config).toEqual(defaultRuntimeConfig('localhost'));
  });

  it('rejects, in Japanese, when a deployed page cannot read its file', async () => {
    await expect(loadRuntimeConfig({ pageUrl: deployed.pageUrl, fetch: answer(404, null) })).rejects.toThrow(
      'アプリ設定（app-config.json）が正しくありません: /app-config.json が HTTP 404 で返されました',
    );
    const offline = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(loadRuntimeConfig({ pageUrl: deployed.pageUrl, fetch: offline })).rejects.toBeInstanceOf(
      RuntimeConfigError,
    );
  });

  it('needs the page URL outside the browser', async () => {
    await expect(loadRuntimeConfig({ fetch: answer(200, {}) })).rejects.toThrow('needs the page URL');
  });
});

describe('getRuntimeConfig before anything set it', () => {
  it('throws outside a local page (here: Node, no location)', () => {
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const fresh = require('./config') as { getRuntimeConfig: () => unknown };
      expect(() => fresh.getRuntimeConfig()).toThrow('read before');
    });
  });
});
