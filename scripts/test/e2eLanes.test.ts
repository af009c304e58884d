import fs from 'node:fs';
import path from 'node:path';
import { LANES } from '../../e2e/lanes';

/**
 * The browser suite's lanes run side by side (e2e/lanes.ts), so two files that bind the same
 * fixed port must share a lane: CI's run of 8b56127 failed on EADDRINUSE :4184 when
 * release-bucket.spec.ts (in the lane of the private web apps) started the canary world while
 * release-canary.spec.ts, in another lane, had it running.
 *
 * A file's claims: the ports it names (4000–4999, the private servers' range) and the helpers it
 * calls that start servers on fixed ports of their own.
 */
const testsDir = path.resolve(__dirname, '..', '..', 'e2e', 'tests');
const FIXED_PORT_WORLDS = ['startCanaryWorld', 'startReleaseWorld', 'startPrivateWebApps', 'startHostingEmulator'];
/** Helpers that start one of those worlds for a whole spec file: they claim the world they start. */
const WORLD_STARTERS: Record<string, string> = { canaryWorldOfFile: 'startCanaryWorld' };
const UNLISTED_LANE = 'private web apps';

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
    // The canary world's files (two of them were the case that failed) share one lane.
    expect(lanesByClaim.get('startCanaryWorld')?.size).toBe(1);
    expect([...(lanesByClaim.get('startCanaryWorld')?.values() ?? [])].flat().sort()).toEqual([
      'release-bucket.spec.ts',
      'release-canary-steps.spec.ts',
      'release-canary.spec.ts',
      'release-vitals.spec.ts',
    ]);
  });

  it('read a claim from a port named in the file and from a call of a fixed-port world', () => {
    expect(claimsOf('await startPrivateApi(4152);\nworld = await startCanaryWorld({ bucket });')).toEqual([
      ':4152',
      'startCanaryWorld',
    ]);
    expect(claimsOf("import { startCanaryWorld } from '../support/releases/canaryWorld';")).toEqual([]);
  });
});
