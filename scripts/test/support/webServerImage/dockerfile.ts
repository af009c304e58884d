/**
 * deploy/web-server.Dockerfile, read: its stages, and the final stage's instructions the image tests
 * run (ENV, CMD, HEALTHCHECK, WORKDIR, COPY) and the build stage's staging step. Changing those
 * lines changes what is tested.
 */
import fs from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '..', '..', '..', '..');
const dockerfile = path.join(repoRoot, 'deploy', 'web-server.Dockerfile');

export interface Instruction {
  keyword: string;
  args: string;
}

/** The stages of a Dockerfile: each FROM and the instructions after it, continuations joined. */
export function readStages(text: string): { from: string; instructions: Instruction[] }[] {
  const lines: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    // Comments (the syntax directive included) end nothing: Docker drops them even inside a continuation.
    if (line.startsWith('#') || (line === '' && !pending)) continue;
    if (line.endsWith('\\')) pending += `${line.slice(0, -1)} `;
    else {
      lines.push(pending + line);
      pending = '';
    }
  }
  const stages: { from: string; instructions: Instruction[] }[] = [];
  for (const line of lines) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (keyword.toUpperCase() === 'FROM') stages.push({ from: args, instructions: [] });
    else stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args });
  }
  return stages;
}

export const stages = readStages(fs.readFileSync(dockerfile, 'utf8'));
const buildStage = stages[0]!;
const finalStage = stages.at(-1)!;
export const all = (keyword: string) => finalStage.instructions.filter((i) => i.keyword === keyword);
export const one = (keyword: string) => {
  const found = all(keyword);
  if (found.length !== 1) throw new Error(`the final stage has ${found.length} ${keyword} instructions, not one`);
  return found[0]!.args;
};

/** ENV in its KEY=value form (values may be double-quoted); every ENV of the final stage. */
export const imageEnv: Record<string, string> = {};
for (const { args } of all('ENV')) {
  const pairs = [...args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"\\]|\\.)*"|\S+)/g)];
  if (pairs.length === 0) throw new Error(`ENV ${args}: only the KEY=value form is read here`);
  for (const [, key, value] of pairs) imageEnv[key!] = value!.startsWith('"') ? (JSON.parse(value!) as string) : value!;
}
export const command = JSON.parse(one('CMD')) as string[];
export const healthcheck = JSON.parse(one('HEALTHCHECK').replace(/^.*?\bCMD\s+/, '')) as string[];
export const workdir = one('WORKDIR');
/** COPY --from=build <staged> <WORKDIR>: the folder the build stage staged. */
export const [, stagedInBuild = ''] = /^--from=\S+\s+(\S+)\s+\S+$/.exec(one('COPY')) ?? [];
const stagingRun = buildStage.instructions.find((i) => i.keyword === 'RUN' && i.args.includes('stage-web-server.mjs'));
export const [, stagingScript = '', stagingOut = ''] =
  /\bnode\s+(\S*stage-web-server\.mjs)\s+(\S+)/.exec(stagingRun?.args ?? '') ?? [];
