// Small timing helpers for scenarios: repeated runs and percentiles.

export interface Summary {
  runs: number;
  min: number;
  p50: number;
  p95: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentile of samples (ms). */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function summarize(samples: readonly number[]): Summary {
  return {
    runs: samples.length,
    min: Math.min(...samples),
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    max: Math.max(...samples),
    mean: samples.reduce((a, b) => a + b, 0) / samples.length,
  };
}

/** Runs fn `warmup` times untimed, then `runs` times timed; returns the milliseconds of each timed run. */
export async function timeRuns(fn: (i: number) => unknown, opts: { runs: number; warmup?: number }): Promise<number[]> {
  for (let i = 0; i < (opts.warmup ?? 0); i++) await fn(i);
  const out: number[] = [];
  for (let i = 0; i < opts.runs; i++) {
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
  }
  return out;
}

/** Milliseconds with a sensible number of digits for a table. */
export function ms(n: number): number {
  return n >= 100 ? Math.round(n) : n >= 10 ? Math.round(n * 10) / 10 : Math.round(n * 100) / 100;
}
