/** Percentile by nearest rank over an unsorted sample. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits);

export const median = (samples: number[]) => percentile(samples, 50);
