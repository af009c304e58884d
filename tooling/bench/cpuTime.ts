// CPU-seconds of processes from /proc (Linux): where the time of a load went, process by process.
// A PostgreSQL server is its postmaster and every backend it forked, so it is read as a tree. Also
// the seconds they were ready to run but waited for a core (schedstat's run delay), and the
// machine's CPU pressure (PSI): on a shared machine, what other processes cost this one's latency.
import fs from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on every Linux build in use). */
const TICKS_PER_SECOND = 100;

interface Stat {
  ppid: number;
  /** user + system time, in ticks, of the process and of its children it has reaped */
  ticks: number;
}

function statOf(pid: number): Stat | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: the fields start after its `)`.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const at = (field: number) => Number(fields[field - 3]);
    return { ppid: at(4), ticks: at(14) + at(15) + at(16) + at(17) };
  } catch {
    return null; // gone
  }
}

const pids = () =>
  fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);

/** Nanoseconds the threads of `pid` have waited on a run queue, ready to run (0 when unreadable). */
function runDelayNs(pid: number): number {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .reduce(
        (sum, task) => sum + Number(fs.readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[1]),
        0,
      );
  } catch {
    return 0; // gone
  }
}

/** `pid` and all its descendants living now. */
function treeOf(pid: number, stats: Map<number, Stat | null>): Set<number> {
  const inTree = new Set([pid]);
  // Parents come before their children in no guaranteed order: repeat until nothing is added.
  for (let grew = true; grew;) {
    grew = false;
    for (const [each, stat] of stats)
      if (stat && !inTree.has(each) && inTree.has(stat.ppid)) {
        inTree.add(each);
        grew = true;
      }
  }
  return inTree;
}

/** CPU-seconds used so far by `pid` and all its descendants (reaped children included). */
export function treeCpuSeconds(pid: number): number {
  const stats = new Map(pids().map((each) => [each, statOf(each)] as const));
  let ticks = 0;
  for (const each of treeOf(pid, stats)) ticks += stats.get(each)?.ticks ?? 0;
  return ticks / TICKS_PER_SECOND;
}

/** Seconds `pid` and its living descendants have waited for a core so far (exited ones not included). */
export function treeRunDelaySeconds(pid: number): number {
  const stats = new Map(pids().map((each) => [each, statOf(each)] as const));
  let ns = 0;
  for (const each of treeOf(pid, stats)) ns += runDelayNs(each);
  return ns / 1e9;
}

/** Microseconds, so far, during which at least one task of the machine waited for a core (PSI). */
function cpuPressureMicros(): number | null {
  try {
    const some = fs.readFileSync('/proc/pressure/cpu', 'utf8').split('\n')[0] ?? '';
    return Number(/total=(\d+)/.exec(some)?.[1] ?? Number.NaN);
  } catch {
    return null; // a kernel without PSI
  }
}

/** The postmaster listening on `port` (its command line names the port). */
export function postmasterPid(port: number): number | undefined {
  return pids().find((pid) => {
    try {
      const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return (
        /(^|\/)postgres$/.test(args[0] ?? '') && args.includes('-p') && args[args.indexOf('-p') + 1] === String(port)
      );
    } catch {
      return false;
    }
  });
}

/** `read` of each named process tree now; `since()` then gives how much each grew since, rounded to 0.01. */
function treeMeter(processes: Record<string, number>, readTree: (pid: number) => number) {
  const read = () => Object.fromEntries(Object.entries(processes).map(([name, pid]) => [name, readTree(pid)]));
  const before = read();
  return {
    since(): Record<string, number> {
      const after = read();
      return Object.fromEntries(
        Object.entries(after).map(([name, seconds]) => [name, Math.round((seconds - before[name]!) * 100) / 100]),
      );
    },
  };
}

/** Reads each named process tree now; `since()` then gives the CPU-seconds each used since. */
export const cpuMeter = (processes: Record<string, number>) => treeMeter(processes, treeCpuSeconds);

/** Reads each named process tree now; `since()` then gives the seconds each waited for a core since. */
export const runDelayMeter = (processes: Record<string, number>) => treeMeter(processes, treeRunDelaySeconds);

/**
 * The machine's CPU pressure from now: `since()` gives the share (%) of the time since during which
 * at least one task waited for a core (PSI "some"), or null without PSI.
 */
export function cpuPressureMeter() {
  const [micros, at] = [cpuPressureMicros(), performance.now()];
  return {
    since(): number | null {
      const now = cpuPressureMicros();
      if (micros === null || now === null) return null;
      return Math.round(((now - micros) / 1000 / (performance.now() - at)) * 100);
    },
  };
}
