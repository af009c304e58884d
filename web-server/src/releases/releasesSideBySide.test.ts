// The shell's real renderer with public-site's real server build, two and more releases in one
// process (testing/releaseCycles.cjs, a process of its own: the federation runtime works on the
// real global object, and the heap is measured with gc()). Reads shell/dist and public-site/dist,
// which `npm test` builds before Jest.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { paced } from '../testing/pace';

const script = path.join(__dirname, '..', 'testing', 'releaseCycles.cjs');

interface Report {
  error?: string;
  wrong: number;
  renders?: number;
  entryLoads: Record<string, number>;
  missing: string[];
  heapAfterWarmup?: number;
  heapAtEnd?: number;
  maxRecords?: Record<'instances' | 'moduleInfo' | 'share' | 'loading' | 'containerGlobal', number>;
}

async function run(options: object): Promise<Report> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', script, JSON.stringify(options)], {
    timeout: 120_000,
  });
  const report = JSON.parse(stdout.trim().split('\n').at(-1)!) as Report;
  expect(report.error).toBeUndefined();
  return report;
}

it(
  'alternating live and canary pages: each release is loaded once and renders its own pages',
  async () => {
    const report = await run({ mode: 'alternate', rounds: 40 });
    expect(report.renders).toBe(40);
    expect(report.wrong).toBe(0);
    expect(report.entryLoads).toEqual({ live: 1, canary: 1 });
    // Each release's chunks from its own folder (its version chunk has a name of its own).
    expect(report.missing).toEqual([]);
  },
  paced(60_000),
);

it(
  '50 canaries started and aborted: three releases at most, the runtime’s records bounded, the heap flat',
  async () => {
    const report = await run({ mode: 'cycle', cycles: 60, warmup: 10 });
    expect(report.wrong).toBe(0);
    expect(report.missing).toEqual([]);
    expect(Object.keys(report.entryLoads)).toHaveLength(61);
    expect(Object.values(report.entryLoads).every((loads) => loads === 1)).toBe(true);
    // The shell's instance, and per release kept (3) its instance and its own.
    expect(report.maxRecords).toEqual({ instances: 7, moduleInfo: 6, share: 4, loading: 3, containerGlobal: 0 });
    const growth = report.heapAtEnd! / report.heapAfterWarmup! - 1;
    expect(Math.abs(growth)).toBeLessThan(0.1);
  },
  paced(120_000),
);
