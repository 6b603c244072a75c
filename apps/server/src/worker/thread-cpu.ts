import { readFileSync } from 'node:fs';

/** Node 23.9+ measures the calling thread itself; older versions have only process-wide clocks. */
type ThreadClock = () => NodeJS.CpuUsage;
const threadCpuUsage = (process as { threadCpuUsage?: ThreadClock }).threadCpuUsage?.bind(process);

/**
 * CPU seconds the calling thread has used so far, or null where it cannot be measured. process.cpuUsage() is
 * no substitute: it counts every thread of the process, the other jobs' engines and the API among them. On
 * Linux without threadCpuUsage, the kernel's own per-thread counter answers: the first field of
 * /proc/thread-self/schedstat, in nanoseconds.
 */
export function threadCpuSeconds(): number | null {
  if (threadCpuUsage !== undefined) {
    const { user, system } = threadCpuUsage();
    return (user + system) / 1e6;
  }
  try {
    const nanoseconds = Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]);
    return Number.isFinite(nanoseconds) ? nanoseconds / 1e9 : null;
  } catch {
    return null;
  }
}

/** The CPU time the calling thread spends in `work`; null where the thread's clock cannot be read. */
export async function measureThreadCpu<T>(
  work: () => Promise<T>,
): Promise<{ value: T; cpuSeconds: number | null }> {
  const before = threadCpuSeconds();
  const value = await work();
  const after = threadCpuSeconds();
  return { value, cpuSeconds: before === null || after === null ? null : after - before };
}
