import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { paced } from 'service-kit/testing/pace';

/** `npm run serve -w <remote>`: one built app, served the way `npm start` serves it. */
const repoRoot = path.resolve(__dirname, '..', '..');
const serveOne = path.join(repoRoot, 'scripts', 'serve-one.mjs');

let build: string;
let child: ChildProcess | undefined;

beforeAll(() => {
  // A stand-in for a remote's build: what the shell fetches from it first.
  build = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-one-'));
  fs.writeFileSync(path.join(build, 'mf-manifest.json'), JSON.stringify({ id: 'business_portal' }));
  fs.writeFileSync(path.join(build, 'remoteEntry.js'), 'var business_portal;');
});

afterAll(() => {
  child?.kill('SIGTERM');
  fs.rmSync(build, { recursive: true, force: true });
});

/** Starts serve-one on a free port and resolves with the URL it prints. */
function start(workspace: string, env: Record<string, string>): Promise<string> {
  child = spawn(process.execPath, [serveOne, workspace], { env: { ...process.env, ...env, PORT: '0' } });
  const started = child;
  return new Promise((resolve, reject) => {
    let output = '';
    started.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /on (http:\/\/localhost:\d+\/)/.exec(output)?.[1];
      if (url) resolve(url);
    });
    started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.on('exit', (code) => reject(new Error(`serve-one exited (${code}): ${output}`)));
  });
}

describe('serve-one', () => {
  it(
    "serves a remote's build with the CORS and nosniff headers npm start gives it",
    async () => {
      const url = await start('business-portal', { MF_OUTPUT_DIR: build });
      const manifest = await fetch(`${url}mf-manifest.json`);
      expect(manifest.status).toBe(200);
      expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
      expect(manifest.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await manifest.json()).toEqual({ id: 'business_portal' });
      expect(await (await fetch(`${url}remoteEntry.js`)).text()).toBe('var business_portal;');
    },
    paced(30_000),
  );

  it('says when the app is not built', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'serve-one-empty-'));
    const result = spawnSync(process.execPath, [serveOne, 'admin-console'], {
      env: { ...process.env, MF_OUTPUT_DIR: empty, PORT: '0' },
      encoding: 'utf8',
    });
    fs.rmSync(empty, { recursive: true, force: true });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('admin-console is not built (run npm run build)');
  });

  it('names the web apps when asked for another', () => {
    const result = spawnSync(process.execPath, [serveOne, 'article-api'], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('<public-site|business-portal|admin-console|shell>');
  });
});
