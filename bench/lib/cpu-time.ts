import { readFileSync } from 'node:fs';

/** Linux counts a process's CPU time in clock ticks of 1/100 s (USER_HZ, `getconf CLK_TCK`). */
const TICK_MS = 10;

/** CPU time (user + system) a process has used so far, in ms; 0 once it is gone. */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces): state is the first, utime the 12th, stime the 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** CPU time used by a set of processes between start() and the returned stop(), in ms. */
export function cpuMeter(pids: () => Promise<number[]>): { start(): Promise<void>; stop(): Promise<number> } {
  const before = new Map<number, number>();
  return {
    async start() {
      for (const pid of await pids()) before.set(pid, processCpuMs(pid));
    },
    async stop() {
      let used = 0;
      for (const pid of new Set([...before.keys(), ...(await pids())]))
        used += processCpuMs(pid) - (before.get(pid) ?? 0);
      return used;
    },
  };
}
