// The starter inlined into a rendered page, and the CSP hash that lets exactly it run.
import fs from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { createShellServer } from '../http/shellServer';
import type { StaticServer } from '../http/staticServer';
import { shellDistCopy, testShellConfig } from '../testing/shellServerFixture';
import { scriptHash, starterOf, starterReader, STARTER_FILE } from './starter';

describe('scriptHash', () => {
  it("gives the CSP specification's own example", () => {
    // CSP 3, "hash-source": <script>alert('Hello, world.');</script>
    expect(scriptHash("alert('Hello, world.');")).toBe("'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='");
  });
});

describe('starterOf', () => {
  it('takes the text without its surrounding white space, which the hash then covers', () => {
    expect(starterOf('\n(() => 1)();\n')).toEqual({ source: '(() => 1)();', hash: scriptHash('(() => 1)();') });
  });

  it.each(['a("</script>")', 'a("</SCRIPT >")', 'a("<!--")', '', '  \n'])(
    'refuses %p: it cannot stand inside a script element as it is',
    (source) => {
      expect(starterOf(source)).toBeNull();
    },
  );
});

describe('starterReader', () => {
  const dir = shellDistCopy('starter-reader-');

  it('reads the file once, again after a redeploy replaced it, and gives null without one', () => {
    const read = starterReader(dir());
    expect(read()).toBeNull();
    const file = path.join(dir(), STARTER_FILE);
    fs.writeFileSync(file, 'first();');
    expect(read()?.source).toBe('first();');
    fs.writeFileSync(file, 'second();');
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect(read()?.source).toBe('second();');
    fs.rmSync(file);
    expect(read()).toBeNull();
  });
});

describe('a rendered page over HTTP', () => {
  const shellDist = shellDistCopy('starter-page-');
  const STARTER = '(()=>{window.started=document.getElementById("after-paint")!==null})();';
  let server: StaticServer;
  let base: string;

  beforeAll(async () => {
    fs.writeFileSync(path.join(shellDist(), STARTER_FILE), STARTER);
    server = createShellServer(testShellConfig(shellDist()), { log: () => undefined });
    await server.listen();
    base = `http://127.0.0.1:${server.port()}`;
  });
  afterAll(() => server.close());

  const scriptSrc = (response: Response) =>
    (response.headers.get('content-security-policy') ?? '')
      .split('; ')
      .find((directive) => directive.startsWith('script-src '))!
      .split(' ')
      .slice(1);

  it('runs the starter inline, last in the body, and its CSP allows exactly that text by hash', async () => {
    const response = await fetch(`${base}/articles/a`);
    expect(response.headers.get('x-render')).toMatch(/^server/);
    const doc = new JSDOM(await response.text()).window.document;
    const scripts = [...doc.querySelectorAll('script:not([type="application/json"])')];
    expect(scripts.map((script) => script.getAttribute('src'))).toEqual([null]);
    const [starter] = scripts;
    expect(starter?.textContent).toBe(STARTER);
    expect(starter?.parentElement?.tagName).toBe('BODY');
    expect(starter?.nextElementSibling).toBeNull();
    expect(scriptSrc(response)).toContain(scriptHash(starter!.textContent!));
    // No nonce for scripts and nothing unsafe: no other inline script can run.
    expect(scriptSrc(response).filter((source) => /nonce|unsafe/.test(source))).toEqual([]);
    // Cached, the page is the same (compiled once with the starter).
    const again = await fetch(`${base}/articles/a`, { headers: { 'accept-encoding': 'gzip' } });
    expect(again.headers.get('x-render')).toMatch(/cache=hit/);
    expect(await again.text()).toContain(`<script>${STARTER}</script></body>`);
  });

  it('loads the file as before once the starter cannot be inlined, and allows no hash then', async () => {
    fs.writeFileSync(path.join(shellDist(), STARTER_FILE), 'a("</script>");');
    fs.utimesSync(path.join(shellDist(), STARTER_FILE), new Date(), new Date(Date.now() + 5000));
    const response = await fetch(`${base}/articles/b`);
    const html = await response.text();
    expect(html).toContain('<script async src="/after-paint.js"></script></body>');
    expect(scriptSrc(response).filter((source) => source.startsWith("'sha256-"))).toEqual([]);
  });
});
