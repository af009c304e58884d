import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { buildService } from 'service-kit/build';
import { readStages, repoRoot } from './support/webServerImage/dockerfile';

/**
 * deploy/service.Dockerfile, the one image of both services (SERVICE=article-api or
 * release-service): what it copies must follow the workspaces, or `npm ci` fails on a lockfile that
 * names a workspace it cannot see, or the service fails at its first import of a library left out.
 * No container engine runs here, so these are read from the file.
 */
const SERVICES = ['article-api', 'release-service'] as const;
const stages = readStages(fs.readFileSync(path.join(repoRoot, 'deploy', 'service.Dockerfile'), 'utf8'));
const [build, install, runtime] = stages;
const copies = (stage: typeof install) =>
  stage!.instructions.filter((i) => i.keyword === 'COPY' && !i.args.startsWith('--from')).map((i) => i.args);

const readManifest = (folder: string) =>
  JSON.parse(fs.readFileSync(path.join(repoRoot, folder, 'package.json'), 'utf8')) as {
    name: string;
    workspaces?: string[];
    dependencies?: Record<string, string>;
  };
const workspaces = readManifest('.').workspaces!;
const folderOf = new Map(workspaces.map((folder) => [readManifest(folder).name, folder]));

/** The workspace folders a service loads at run time: its own and its dependencies', transitively. */
function runtimeWorkspaces(folder: string, found = new Set<string>()): Set<string> {
  found.add(folder);
  for (const name of Object.keys(readManifest(folder).dependencies ?? {})) {
    const dependency = folderOf.get(name);
    if (dependency && !found.has(dependency)) runtimeWorkspaces(dependency, found);
  }
  return found;
}

describe('deploy/service.Dockerfile', () => {
  it('has a build stage, an install stage and a runtime stage, all on the same Node image', () => {
    expect(stages.map((stage) => stage.from)).toEqual([
      'node:22-bookworm-slim AS build',
      'node:22-bookworm-slim AS install',
      'node:22-bookworm-slim',
    ]);
  });

  it("builds the chosen service's dist/ in the build stage, and the final stage runs it with node", () => {
    const runs = build!.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args);
    expect(runs.at(-1)).toBe('cd "$SERVICE" && node ../service-kit/build.mjs');
    expect(runtime!.instructions).toEqual(
      expect.arrayContaining([
        { keyword: 'COPY', args: '--from=build /src/${SERVICE}/dist ${SERVICE}/dist' },
        { keyword: 'WORKDIR', args: '/app/${SERVICE}' },
        { keyword: 'CMD', args: '["node", "dist/server.js"]' },
      ]),
    );
  });

  it("copies every workspace's manifest before npm ci, and installs only the chosen service", () => {
    expect(copies(install)).toEqual([
      'package.json package-lock.json ./',
      ...workspaces.map((folder) => `${folder}/package.json ${folder}/`),
    ]);
    const runs = install!.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args);
    expect(runs.some((run) => run.includes('npm ci --omit=dev --workspace "$SERVICE"'))).toBe(true);
    // Only the two services are accepted as SERVICE.
    expect(runs[0]).toMatch(/case "\$SERVICE" in article-api\|release-service\)/);
  });

  it.each(SERVICES)('puts every workspace %s loads at run time into the final stage', (service) => {
    const copied = copies(runtime)
      .map((args) => args.split(/\s+/)[0]!.replace('${SERVICE}', service))
      .filter((source) => source !== 'tsconfig.base.json');
    expect(copied).toEqual(expect.arrayContaining([...runtimeWorkspaces(service)]));
    expect(runtime!.instructions).toEqual(
      expect.arrayContaining([
        { keyword: 'USER', args: 'node' },
        { keyword: 'WORKDIR', args: '/app/${SERVICE}' },
      ]),
    );
  });

  // The install stage installs the production dependencies of the service and of the workspaces it
  // imports (and what they need): the build may require nothing else at run time, and no
  // workspace, which it must have bundled.
  it.each(SERVICES)("%s's build requires only Node's modules and declared dependencies", async (service) => {
    const entry = await buildService(path.join(repoRoot, service));
    const required = new Set(
      [...fs.readFileSync(entry, 'utf8').matchAll(/\brequire\("([^"]+)"\)/g)].map(([, specifier]) =>
        specifier!
          .split('/')
          .slice(0, specifier!.startsWith('@') ? 2 : 1)
          .join('/'),
      ),
    );
    const declared = [...runtimeWorkspaces(service)]
      .flatMap((folder) => Object.keys(readManifest(folder).dependencies ?? {}))
      .filter((name) => !folderOf.has(name));
    const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
    const outside = [...required].filter((name) => !builtins.has(name) && !declared.includes(name));
    expect(outside).toEqual([]);
    // What it does require: the web framework, so a build that bundled its npm packages fails here.
    expect(required).toContain('fastify');
    expect([...required].filter((name) => folderOf.has(name))).toEqual([]);
  });
});
