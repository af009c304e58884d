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
  totalBytes: number;
}

const runner = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lighthouseRun.mjs');

/** Lighthouse 12 in Debian Chromium, mobile (default) or desktop preset; median of `runs`. */
export async function runLighthouse(
  url: string,
  preset: 'mobile' | 'desktop',
  runs: number,
  chromePath: string,
): Promise<LighthouseFigures> {
  const samples: LighthouseFigures[] = [];
  for (let i = 0; i < runs; i++) {
    const { stdout } = await promisify(execFile)(process.execPath, [runner, url, preset, chromePath], {
      maxBuffer: 1 << 20,
    });
    samples.push(JSON.parse(stdout.trim().split('\n').pop()!) as LighthouseFigures);
  }
  return {
    score: median(samples.map((s) => s.score)),
    lcpMs: median(samples.map((s) => s.lcpMs)),
    tbtMs: median(samples.map((s) => s.tbtMs)),
    cls: median(samples.map((s) => s.cls)),
    totalBytes: median(samples.map((s) => s.totalBytes)),
  };
}
