import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_CORS_ORIGINS, loadConfig } from '../../article-api/src/config';
import { loadConfig as loadReleaseServiceConfig } from '../../release-service/src/config';
import { defaultRuntimeConfig } from '../../shared-core/src/config';
import { remoteNames } from '../../shell/src/remotes/registry';
import {
  api,
  deployables,
  localRegistry,
  ports,
  releaseService,
  remotes,
  siteOrigin,
  siteOriginProblem,
  webApps,
} from 'shared-deployables';

/**
 * shared-deployables is the one list of deployables. The places that cannot read it —
 * the shell's browser code and the API, which ship on their own — must agree with it.
 */
const repoRoot = path.resolve(__dirname, '..', '..');
interface PackageJson {
  name: string;
  workspaces?: string[];
  scripts?: Record<string, string>;
}
const packageJson = (workspace: string) =>
  JSON.parse(fs.readFileSync(path.join(repoRoot, workspace, 'package.json'), 'utf8')) as PackageJson;

describe('the list of deployables', () => {
  it('names workspaces of the repo, each once, on distinct ports', () => {
    const rootWorkspaces = packageJson('.').workspaces;
    for (const deployable of deployables) {
      expect(rootWorkspaces).toContain(deployable.workspace);
      expect(packageJson(deployable.workspace).name).toBe(deployable.workspace);
    }
    const allPorts = Object.values(ports);
    expect(new Set(allPorts).size).toBe(allPorts.length);
    expect(webApps.filter((app) => app.isHost)).toHaveLength(1);
  });

  it("agrees with the shell's list of remotes and writes the registry from it", () => {
    expect([...remoteNames].sort()).toEqual(remotes.map((remote) => remote.federationName).sort());
    expect(localRegistry('example.test')).toEqual({
      public_site: 'http://example.test:3002/mf-manifest.json',
      business_portal: 'http://example.test:3003/mf-manifest.json',
      admin_console: 'http://example.test:3004/mf-manifest.json',
    });
  });

  it("agrees with the API's defaults: its port and every web app as a CORS origin", () => {
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).port).toBe(api.port);
    for (const app of webApps) expect(DEFAULT_CORS_ORIGINS).toContain(`http://localhost:${app.port}`);
  });

  it("agrees with the release service's default port and the browser's local release service", () => {
    expect(loadReleaseServiceConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).port).toBe(releaseService.port);
    expect(defaultRuntimeConfig('localhost').releaseServiceUrl).toBe(
      `http://localhost:${releaseService.port}${releaseService.basePath}`,
    );
  });

  it('gives every web app a serve script that names it', () => {
    expect(fs.existsSync(path.join(repoRoot, 'scripts', 'serve-one.mjs'))).toBe(true);
    for (const app of webApps) {
      expect(packageJson(app.workspace).scripts?.serve).toBe(`node ../scripts/serve-one.mjs ${app.workspace}`);
    }
  });
});

describe("the site's origin (one rule for the web server, the local stack and the dev build)", () => {
  it('is the shell on this machine when SITE_ORIGIN is unset or blank', () => {
    expect(siteOrigin(undefined)).toBe(`http://localhost:${ports.shell}`);
    expect(siteOrigin('  ', 4123)).toBe('http://localhost:4123');
  });

  it('is SITE_ORIGIN as an origin: trimmed, without the trailing slash', () => {
    expect(siteOrigin(' https://ai-manabi.example/ ')).toBe('https://ai-manabi.example');
    expect(siteOrigin('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
  });

  it.each([
    ['https://ai-manabi.example/articles', 'SITE_ORIGIN is an origin, without a path'],
    ['https://ai-manabi.example/?a=1', 'SITE_ORIGIN is an origin, without a path'],
    ['ai-manabi.example', 'SITE_ORIGIN must be an absolute http(s) URL'],
    ['ftp://ai-manabi.example', 'SITE_ORIGIN must be an absolute http(s) URL'],
  ])('refuses %s, naming the setting', (value, problem) => {
    expect(siteOriginProblem(value)).toBe(problem);
    expect(() => siteOrigin(value)).toThrow(`${problem} (${value})`);
  });
});
