// CPU-seconds of processes from /proc (Linux): where the time of a load went, process by process.
// A PostgreSQL server is its postmaster and every backend it forked, so it is read as a tree.
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

/** CPU-seconds used so far by `pid` and all its descendants (reaped children included). */
export function treeCpuSeconds(pid: number): number {
  const stats = new Map(pids().map((each) => [each, statOf(each)] as const));
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
  let ticks = 0;
  for (const each of inTree) ticks += stats.get(each)?.ticks ?? 0;
  return ticks / TICKS_PER_SECOND;
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

/** Reads each named process tree now; `since()` then gives the CPU-seconds each used since. */
export function cpuMeter(processes: Record<string, number>) {
  const read = () => Object.fromEntries(Object.entries(processes).map(([name, pid]) => [name, treeCpuSeconds(pid)]));
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
