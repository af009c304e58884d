import fs from 'node:fs';
import path from 'node:path';
import { LANES } from '../../e2e/lanes';
import { canaryPorts } from '../../e2e/support/releases/canaryPorts';

/**
 * The browser suite's lanes run side by side (e2e/lanes.ts), so two files that bind the same
 * fixed port must share a lane: CI's run of 8b56127 failed on EADDRINUSE :4184 when
 * release-bucket.spec.ts (in the lane of the private web apps) started the canary world while
 * release-canary.spec.ts, in another lane, had it running. The canary world now takes ports of its
 * worker's own (e2e/support/releases/canaryPorts.ts), so its files may sit in two lanes.
 *
 * A file's claims: the ports it names (4000–4999, the private servers' range) and the helpers it
 * calls that start servers on fixed ports of their own.
 */
const testsDir = path.resolve(__dirname, '..', '..', 'e2e', 'tests');
const supportDir = path.resolve(__dirname, '..', '..', 'e2e', 'support');
const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
    .filter((file) => /\.(?:ts|cjs|mjs)$/.test(file));
const FIXED_PORT_WORLDS = ['startReleaseWorld', 'startPrivateWebApps', 'startHostingEmulator'];
/** Helpers that start one of those worlds for a whole spec file: they claim the world they start. */
const WORLD_STARTERS: Record<string, string> = {};
const UNLISTED_LANE = LANES.find((lane) => lane.rest)!.name;

const specFiles = fs.readdirSync(testsDir).filter((file) => file.endsWith('.spec.ts'));
const laneOf = (specFile: string) =>
  LANES.find((lane) => lane.files.includes(specFile.replace(/\.spec\.ts$/, '')))?.name ?? UNLISTED_LANE;

function claimsOf(source: string): string[] {
  const ports = source.match(/\b4\d{3}\b/g) ?? [];
  const calls = (name: string) => new RegExp(`\\b${name}\\(`).test(source);
  const worlds = [
    ...FIXED_PORT_WORLDS.filter(calls),
    ...Object.entries(WORLD_STARTERS)
      .filter(([starter]) => calls(starter))
      .map(([, world]) => world),
  ];
  return [...new Set([...ports.map((port) => `:${port}`), ...worlds])];
}

describe('the lanes of the browser suite', () => {
  it('name only files that exist, each in one lane', () => {
    const listed = LANES.flatMap((lane) => lane.files);
    expect(new Set(listed).size).toBe(listed.length);
    for (const file of listed) expect(specFiles).toContain(`${file}.spec.ts`);
    // One lane takes every file the others do not list.
    expect(LANES.filter((lane) => lane.rest)).toHaveLength(1);
  });

  it('put every two files that claim the same fixed port or fixed-port world in one lane', () => {
    const lanesByClaim = new Map<string, Map<string, string[]>>();
    for (const file of specFiles) {
      for (const claim of claimsOf(fs.readFileSync(path.join(testsDir, file), 'utf8'))) {
        const lanes = lanesByClaim.get(claim) ?? new Map<string, string[]>();
        lanes.set(laneOf(file), [...(lanes.get(laneOf(file)) ?? []), file]);
        lanesByClaim.set(claim, lanes);
      }
    }
    const clashes = [...lanesByClaim]
      .filter(([, lanes]) => lanes.size > 1)
      .map(
        ([claim, lanes]) =>
          `${claim}: ${[...lanes].map(([lane, files]) => `${lane} (${files.join(', ')})`).join(' vs ')}`,
      );
    expect(clashes).toEqual([]);
  });

  it('read a claim from a port named in the file and from a call of a fixed-port world', () => {
    expect(claimsOf('await startPrivateApi(4152);\nworld = await startReleaseWorld({ bucket });')).toEqual([
      ':4152',
      'startReleaseWorld',
    ]);
    expect(claimsOf("import { startReleaseWorld } from '../support/releases/releaseWorld';")).toEqual([]);
  });

  it('give the canary world of each worker running at once ports no other world or file names', () => {
    // The canary world's files (release-canary and release-bucket were the case that failed) run in
    // two lanes: each worker's world takes its ports from its TEST_PARALLEL_INDEX, below the number
    // of workers (at most the number of lanes).
    const worlds = Array.from({ length: LANES.length }, (_, index) => Object.values(canaryPorts(index)));
    const canary = worlds.flat();
    expect(new Set(canary).size).toBe(canary.length);
    const named = new Set<number>();
    for (const dir of [testsDir, supportDir]) {
      for (const file of filesUnder(dir)) {
        if (file.endsWith('canaryPorts.ts')) continue;
        for (const port of fs.readFileSync(file, 'utf8').match(/\b4\d{3}\b/g) ?? []) named.add(Number(port));
      }
    }
    // (A number in that range that is not a port is written with a separator: bucket 4_999.)
    expect(canary.filter((port) => named.has(port))).toEqual([]);
    // fetch refuses a few ports ("bad ports" of the Fetch standard): 4045 and 4190 in this range.
    expect(canary.filter((port) => port === 4045 || port === 4190)).toEqual([]);
  });
});
