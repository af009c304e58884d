import { afterAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatCpu, machineCpu, readCpu } from 'local-stack/cpuTime.mjs';

const wrapper = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../tooling/stack/cpuTime.mjs');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cpu-time-test-'));
let runs = 0;
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs `sh -c script` through the wrapper; returns its status, signal and what it wrote. */
function wrapped(script) {
  const out = path.join(dir, `${runs++}.json`);
  const { status, signal } = spawnSync(process.execPath, [wrapper, out, 'sh', '-c', script], { encoding: 'utf8' });
  return { status, signal, cpu: readCpu(out) };
}

// A grandchild that spins until it has used `seconds` of CPU, then prints what it used.
const burn = (seconds) =>
  `${process.execPath} -e "const u=()=>{const c=process.cpuUsage();return (c.user+c.system)/1e6};while(u()<${seconds});console.log(u())"`;

describe('cpuTime.mjs', () => {
  const linux = fs.existsSync('/proc/self/stat');

  (linux ? it : it.skip)(
    'counts the CPU of the whole tree, grandchildren included, and exits as the command did',
    () => {
      // Two grandchildren side by side (one in the background): both are counted.
      const { status, cpu } = wrapped(`${burn(0.4)} & ${burn(0.3)}; wait; exit 3`);
      expect(status).toBe(3);
      expect(cpu.user + cpu.system).toBeGreaterThanOrEqual(0.65);
      // Not the whole machine's: two short spins cost well under the wall time of a busy machine.
      expect(cpu.user + cpu.system).toBeLessThan(5);
    },
  );

  (linux ? it : it.skip)('dies of the signal the command died of, having written its CPU', () => {
    const { status, signal, cpu } = wrapped('kill -TERM $$');
    expect(status).toBeNull();
    expect(signal).toBe('SIGTERM');
    expect(cpu).toEqual({ user: expect.any(Number), system: expect.any(Number) });
  });

  it('fails with a message when the command cannot start', () => {
    const out = path.join(dir, 'missing.json');
    const run = spawnSync(process.execPath, [wrapper, out, 'no-such-command-here'], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('no-such-command-here');
    expect(readCpu(out)).toBeNull();
  });

  it('reads the whole machine’s busy and total CPU-seconds from /proc/stat', () => {
    // user nice system idle iowait irq softirq steal guest guest_nice, in 1/100 s
    const stat = 'cpu  7000 100 2000 50000 300 50 150 0 0 0\ncpu0 3500 50 1000 25000 150 25 75 0 0 0\n';
    expect(machineCpu(stat)).toEqual({ busy: 93, all: 596 });
    expect(machineCpu('intr 1 2 3\n')).toBeNull();
    if (linux) {
      // A spin of 0.3 CPU-s in between is in the difference (with whatever else the machine ran).
      const before = machineCpu();
      expect(spawnSync('sh', ['-c', burn(0.3)]).status).toBe(0);
      const after = machineCpu();
      expect(after.busy - before.busy).toBeGreaterThanOrEqual(0.29);
      expect(after.all).toBeGreaterThan(before.all);
    }
  });

  it('prints total, user and system, rounded; nothing when unknown', () => {
    expect(formatCpu({ user: 1070.4, system: 185.2 })).toBe('1,256 CPU-s (1,070 + 185)');
    expect(formatCpu(null)).toBe('');
  });
});
