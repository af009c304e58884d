import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { median } from './stats';

export interface LighthouseFigures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  totalBytes: number;
}

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

/** Each figure's median over the runs (each figure on its own, as Lighthouse's own CLI does). */
export function medianFigures(samples: LighthouseFigures[]): LighthouseFigures {
  const of = (pick: (s: LighthouseFigures) => number) => median(samples.map(pick));
  return {
    score: of((s) => s.score),
    lcpMs: of((s) => s.lcpMs),
    tbtMs: of((s) => s.tbtMs),
    cls: of((s) => s.cls),
    fcpMs: of((s) => s.fcpMs),
    totalBytes: of((s) => s.totalBytes),
  };
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
