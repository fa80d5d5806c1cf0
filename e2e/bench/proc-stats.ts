import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * What processes of this machine have used, from Linux's /proc: CPU time (user + system) and the
 * bytes they handed to write/send system calls (`wchar`, which counts socket writes: a server's
 * answers). Read before and after a run, the differences are that run's cost.
 */
export interface ProcUsage {
  cpuSeconds: number;
  writtenBytes: number;
}

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses). */
function statFields(pid: number): string[] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** The processes whose parent is `pid` (nginx's workers under its master). */
export function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((child) => statFields(child)?.[1] === String(pid));
}

/** CPU seconds and written bytes of `pids` so far, summed; a process that is gone counts nothing. */
export function usageOf(pids: readonly number[]): ProcUsage {
  let ticks = 0;
  let writtenBytes = 0;
  for (const pid of pids) {
    const fields = statFields(pid);
    // utime and stime are the 14th and 15th fields of stat, the 12th and 13th after the name.
    if (fields) ticks += Number(fields[11]) + Number(fields[12]);
    try {
      const wchar = /^wchar: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1];
      writtenBytes += Number(wchar ?? 0);
    } catch {
      // /proc/<pid>/io of a process that ended, or of another user's: nothing to add.
    }
  }
  return { cpuSeconds: ticks / TICKS_PER_SECOND, writtenBytes };
}

export function usageSince(before: ProcUsage, after: ProcUsage): ProcUsage {
  return {
    cpuSeconds: Math.round((after.cpuSeconds - before.cpuSeconds) * 100) / 100,
    writtenBytes: after.writtenBytes - before.writtenBytes,
  };
}
