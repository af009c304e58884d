import fs from 'node:fs';
import path from 'node:path';
import { readStages, repoRoot } from './support/webServerImage/dockerfile';

/**
 * deploy/service.Dockerfile, the one image of both services (SERVICE=article-api or
 * release-service): what it copies must follow the workspaces, or `npm ci` fails on a lockfile that
 * names a workspace it cannot see, or the service fails at its first import of a library left out.
 * No container engine runs here, so these are read from the file.
 */
const SERVICES = ['article-api', 'release-service'] as const;
const stages = readStages(fs.readFileSync(path.join(repoRoot, 'deploy', 'service.Dockerfile'), 'utf8'));
const [install, runtime] = stages;
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
  it('has an install stage and a runtime stage, both on the same Node image', () => {
    expect(stages.map((stage) => stage.from)).toEqual(['node:22-bookworm-slim AS install', 'node:22-bookworm-slim']);
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
        { keyword: 'CMD', args: '["node", "--import", "tsx", "src/server.ts"]' },
      ]),
    );
  });
});
