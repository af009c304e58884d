import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { medianFigures, type LighthouseFigures } from './lighthouseFigures';

export { lcpOnlyRequests, medianFigures, type LighthouseFigures, type RequestSeen } from './lighthouseFigures';

export type LighthousePreset = 'mobile' | 'desktop';

const runner = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lighthouseRun.mjs');

/** One Lighthouse 12 run in Debian Chromium (a fresh browser and profile each time). */
export async function lighthouseOnce(
  url: string,
  preset: LighthousePreset,
  chromePath: string,
): Promise<LighthouseFigures> {
  const { stdout } = await promisify(execFile)(process.execPath, [runner, url, preset, chromePath], {
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout.trim().split('\n').pop()!) as LighthouseFigures;
}

/** Lighthouse in Debian Chromium, mobile (default) or desktop preset; median of `runs`. */
export async function runLighthouse(
  url: string,
  preset: LighthousePreset,
  runs: number,
  chromePath: string,
): Promise<LighthouseFigures> {
  const samples: LighthouseFigures[] = [];
  for (let i = 0; i < runs; i++) samples.push(await lighthouseOnce(url, preset, chromePath));
  return medianFigures(samples);
}
