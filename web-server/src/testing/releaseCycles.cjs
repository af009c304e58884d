// Runs the shell's real server renderer (shell/dist/server/main.js) against releases of public-site
// made from its build (public-site/dist), in a process of its own: the federation runtime keeps
// its records on the real global object, which a Jest sandbox is not, and the heap is measured
// with gc(). Used by releasesSideBySide.test.ts; prints one JSON report.
//
//   node --expose-gc releaseCycles.cjs '{"mode":"alternate","rounds":40}'
//   node --expose-gc releaseCycles.cjs '{"mode":"cycle","cycles":60,"warmup":10}'
//
// Release k is public-site's server build with its own version (the build identifier in
// remoteEntry.js, the manifest's buildVersion, the `build` prepare() reports) and its own name for
// the chunk that carries the version, as two builds of different commits would differ: a chunk
// fetched from another release's folder is a 404, not a quiet success.
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');

const repo = path.resolve(__dirname, '../../..');
const options = Object.assign(
  {
    mode: 'alternate',
    rounds: 40,
    cycles: 60,
    warmup: 10,
    bundle: path.join(repo, 'shell/dist/server/main.js'),
    publicSiteDist: path.join(repo, 'public-site/dist'),
  },
  JSON.parse(process.argv[2] || '{}'),
);

/** Writes release `name` into `folder`: the manifest and server/ (unchanged files are links). */
function makeRelease(folder, name) {
  const source = options.publicSiteDist;
  const manifest = JSON.parse(fs.readFileSync(path.join(source, 'mf-manifest.json'), 'utf8'));
  const original = manifest.metaData.buildInfo.buildVersion;
  manifest.metaData.buildInfo.buildVersion = name;
  fs.mkdirSync(path.join(folder, 'server'), { recursive: true });
  fs.writeFileSync(path.join(folder, 'mf-manifest.json'), JSON.stringify(manifest));
  const serverDir = path.join(source, 'server');
  const files = fs.readdirSync(serverDir);
  const versioned = files.find((file) => /^src_server_tsx\.[0-9a-f]{10}\.js$/.test(file));
  if (!versioned) throw new Error('public-site/dist/server has no src_server_tsx chunk');
  const oldHash = versioned.split('.')[1];
  const newHash = Buffer.from(name).toString('hex').padStart(10, '0').slice(-10);
  for (const file of files) {
    const from = path.join(serverDir, file);
    if (file === 'remoteEntry.js') {
      const text = fs
        .readFileSync(from, 'utf8')
        .replaceAll(`"public_site:${original}"`, `"public_site:${name}"`)
        .replaceAll(`"src_server_tsx":"${oldHash}"`, `"src_server_tsx":"${newHash}"`);
      fs.writeFileSync(path.join(folder, 'server', file), text);
    } else if (file === versioned) {
      const text = fs.readFileSync(from, 'utf8').replace(/build: "[^"]*"/, `build: "${name}"`);
      fs.writeFileSync(path.join(folder, 'server', `src_server_tsx.${newHash}.js`), text);
    } else {
      fs.symlinkSync(from, path.join(folder, 'server', file));
    }
  }
}

/** Serves `root`; remembers each path asked for and each one missing. */
function serve(root) {
  const asked = [];
  const missing = [];
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url, 'http://local').pathname);
    asked.push(pathname);
    fs.readFile(path.join(root, pathname), (error, body) => {
      if (error) {
        missing.push(pathname);
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': pathname.endsWith('.json') ? 'application/json' : 'text/javascript' });
      res.end(body);
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ server, asked, missing, port: server.address().port }));
  });
}

/** The heap once collected: several full collections apart, since V8 lets go of a script's code over more than one. */
const heap = async () => {
  for (let i = 0; i < 8; i++) {
    global.gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return process.memoryUsage().heapUsed;
};

/** What the runtime keeps process-wide: each count must stay bounded by the releases kept. */
function federationRecords() {
  const federation = globalThis.__FEDERATION__;
  return {
    instances: federation.__INSTANCES__.length,
    moduleInfo: Object.keys(federation.moduleInfo).length,
    share: Object.keys(federation.__SHARE__).length,
    loading: Object.keys(globalThis.__GLOBAL_LOADING_REMOTE_ENTRY__ || {}).length,
    containerGlobal: 'public_site' in globalThis,
  };
}

async function main() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'release-cycles-'));
  const { server, asked, missing, port } = await serve(root);
  const renderer = await require(options.bundle).loadRenderer();
  // No API: /about renders without one.
  const apiBaseUrl = 'http://127.0.0.1:9/api';
  renderer.configure({ apiBaseUrl });
  // A release is made and loaded the first time it is asked for. A page waits at most 3 s for its
  // release, then goes to the browser while the load goes on (renderPage.slowRelease.test.tsx); a
  // busy machine's cold load can take longer, and that deadline is not what this script measures.
  // So each release is loaded without it before its first page, through the same per-release
  // record the pages use (`entryLoads` still counts every load).
  const manifests = new Map();
  const manifestOf = async (name) => {
    if (!manifests.has(name)) {
      makeRelease(path.join(root, name), name);
      const manifest = `http://127.0.0.1:${port}/${name}/mf-manifest.json`;
      await renderer.loadRelease(manifest);
      manifests.set(name, manifest);
    }
    return manifests.get(name);
  };
  const render = async (name) => {
    const page = await renderer.renderPage({
      url: '/about',
      origin: 'https://ai-manabi.example',
      theme: 'light',
      publicSiteManifest: await manifestOf(name),
      apiBaseUrl,
    });
    return page.remoteBuild;
  };
  const entryLoads = () => {
    const counts = {};
    for (const pathname of asked.filter((p) => p.endsWith('/server/remoteEntry.js'))) {
      const name = pathname.split('/')[1];
      counts[name] = (counts[name] || 0) + 1;
    }
    return counts;
  };
  const report = { mode: options.mode };
  try {
    if (options.mode === 'alternate') {
      // Live and canary visitors in turn, as during a canary.
      const served = [];
      for (let i = 0; i < options.rounds; i++)
        served.push([i % 2 ? 'canary' : 'live', await render(i % 2 ? 'canary' : 'live')]);
      report.wrong = served.filter(([asked, got]) => asked !== got).length;
      report.renders = served.length;
    } else {
      // Each cycle: a canary starts (its visitors and the live release's in turn), then is
      // aborted (live visitors only). Heap measured after the warm-up cycles and at the end.
      const records = [];
      let wrong = 0;
      for (let cycle = 0; cycle < options.cycles; cycle++) {
        const canary = `c${String(cycle).padStart(3, '0')}`;
        for (let i = 0; i < 6; i++) {
          const name = i % 2 ? canary : 'live';
          if ((await render(name)) !== name) wrong += 1;
        }
        for (let i = 0; i < 3; i++) if ((await render('live')) !== 'live') wrong += 1;
        if (cycle === options.warmup - 1) report.heapAfterWarmup = await heap();
        records.push(federationRecords());
      }
      report.heapAtEnd = await heap();
      report.wrong = wrong;
      report.maxRecords = Object.fromEntries(
        Object.keys(records[0]).map((key) => [key, Math.max(...records.map((r) => Number(r[key])))]),
      );
      report.lastRecords = records.at(-1);
    }
    report.entryLoads = entryLoads();
    report.missing = missing;
  } catch (error) {
    report.error = String(error && error.stack ? error.stack : error);
  } finally {
    server.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
  process.stdout.write(`${JSON.stringify(report)}\n`);
  process.exit(0);
}

main();
