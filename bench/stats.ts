/** Small statistics for the benchmark: medians of repeated timings. */
export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Times `run` after `warmup` unmeasured calls; returns each measured duration in ms. */
export async function timeRepeated(
  times: number,
  warmup: number,
  run: (iteration: number) => Promise<void>
): Promise<number[]> {
  let iteration = 0;
  for (let i = 0; i < warmup; i++) await run(iteration++);
  const durations: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = process.hrtime.bigint();
    await run(iteration++);
    durations.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return durations;
}

/** Resident memory of a process in MB, from /proc (Linux). */
export async function residentMb(pid: number): Promise<number> {
  const fs = await import('node:fs/promises');
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}
