#!/usr/bin/env node
// `node tooling/stack/cpuTime.mjs <out.json> <command> [args…]`: runs the command with this
// process's stdio and, once it has ended, writes the CPU-seconds its process tree used to
// <out.json> as `{ "user": …, "system": … }`, then exits as the command did. `npm test` wraps each
// phase in it to print CPU beside wall time: on a 2-core machine the suite is bound by CPU, so
// CPU-seconds say what a phase costs where wall time says only how it was scheduled.
//
// Node has no getrusage(RUSAGE_CHILDREN); Linux gives the same figures in /proc/self/stat
// (cutime, cstime: every ended child this process waited for, with the children they waited for).
// A process that outlives its parent (re-parented to init) is not counted, as with `time`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

/** Linux reports process times in USER_HZ ticks, 100 a second on every architecture it runs on. */
const TICKS_PER_SECOND = 100;

/**
 * User and system CPU-seconds of this process's ended children and their descendants, or null
 * where /proc is missing (not Linux).
 */
export function endedChildrenCpu() {
  let stat;
  try {
    stat = fs.readFileSync('/proc/self/stat', 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may hold spaces; fields 3… follow it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const field = (n) => Number(fields[n - 3]) / TICKS_PER_SECOND;
  return { user: field(16), system: field(17) };
}

/**
 * The whole machine's CPU since boot from /proc/stat's first line (`cpu user nice system idle
 * iowait irq softirq steal …`): busy (everything but idle and iowait) and all, in CPU-seconds, or
 * null where /proc is missing. Two readings bracket a run; their difference counts every process,
 * those the process tree never waited for too (Chromium's GPU and renderer processes, measured at
 * about 40 % of `npm test`'s CPU, end that way), and anything else the machine ran meanwhile.
 * @param {string} [stat] /proc/stat's text (tests)
 */
export function machineCpu(stat) {
  let text = stat;
  if (text === undefined) {
    try {
      text = fs.readFileSync('/proc/stat', 'utf8');
    } catch {
      return null;
    }
  }
  const [label, ...ticks] = text.split('\n', 1)[0].trim().split(/\s+/);
  if (label !== 'cpu' || ticks.length < 5) return null;
  const [user, nice, system, idle, iowait, irq = 0, softirq = 0, steal = 0] = ticks.map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy: busy / TICKS_PER_SECOND, all: (busy + idle + iowait) / TICKS_PER_SECOND };
}

/** `12 CPU-s (10 + 2)`: user + system, or '' when unknown. */
export function formatCpu(cpu) {
  if (!cpu) return '';
  const s = (value) => value.toLocaleString('en-US', { maximumFractionDigits: 0 });
  return `${s(cpu.user + cpu.system)} CPU-s (${s(cpu.user)} + ${s(cpu.system)})`;
}

/** Reads what a wrapped run wrote, or null if it wrote nothing (it could not start, /proc missing). */
export function readCpu(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [out, command, ...args] = process.argv.slice(2);
  const child = spawn(command, args, { stdio: 'inherit' });
  // A signal sent to this wrapper alone (not to the whole group, as Ctrl-C is) still ends the phase.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    console.error(`${command}: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    const cpu = endedChildrenCpu();
    if (cpu) fs.writeFileSync(out, JSON.stringify(cpu));
    if (signal) {
      // Die of the same signal, as the command did, so the caller sees it.
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    } else process.exit(code ?? 1);
  });
}
