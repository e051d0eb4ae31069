/** Small statistics for the benchmark: medians of repeated timings. */
export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * How long the site is left alone before each timed call. Strapi's entry events read the entry they
 * name again after the write commits (a populated read for each of entry.create and entry.publish),
 * and those reads run on while the reply goes out: a request sent at once paid for the previous
 * one's. In p1 the publish followed the REST create and paid for its reads, while the REST create
 * followed a settings save that paid for the publish's (issue #62: the zone's REST create took 29 to
 * 35 ms after a settings save, 37 to 40 ms right after a publish). Services publish seconds apart.
 */
export const QUIET_MS = 50;

const quiet = () => new Promise((resolve) => setTimeout(resolve, QUIET_MS));

/**
 * Times `run` after `warmup` unmeasured calls; returns each measured duration in ms. Each measured call
 * starts on a quiet site (QUIET_MS).
 */
export async function timeRepeated(
  times: number,
  warmup: number,
  run: (iteration: number) => Promise<void>
): Promise<number[]> {
  let iteration = 0;
  for (let i = 0; i < warmup; i++) await run(iteration++);
  const durations: number[] = [];
  for (let i = 0; i < times; i++) {
    await quiet();
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

/** The exponent b of y = a * x^b fitted by least squares on logarithms: 1 is linear growth. */
export function fitExponent(points: { x: number; y: number }[]): number {
  const logs = points.map(({ x, y }) => ({ u: Math.log(x), v: Math.log(y) }));
  const meanU = logs.reduce((sum, p) => sum + p.u, 0) / logs.length;
  const meanV = logs.reduce((sum, p) => sum + p.v, 0) / logs.length;
  const covariance = logs.reduce((sum, p) => sum + (p.u - meanU) * (p.v - meanV), 0);
  const variance = logs.reduce((sum, p) => sum + (p.u - meanU) ** 2, 0);
  return covariance / variance;
}

/** Runs `work` while sampling a process's resident memory every 10 ms; returns its growth over the start, in MB. */
export async function rssGrowthDuring(pid: number, work: () => Promise<void>): Promise<number> {
  const baseline = await residentMb(pid);
  let peak = baseline;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await residentMb(pid));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  try {
    await work();
  } finally {
    sampling = false;
    await sampler;
  }
  return Math.max(peak, await residentMb(pid)) - baseline;
}
