/**
 * Index of the unordered pair {i, j} in lower-triangle packing: i(i+1)/2 + j for i ≥ j. Applied twice it
 * addresses 8-fold symmetric two-electron integrals (ij|kl) in n²(n²+…)/8 storage.
 */
export function pairIndex(i: number, j: number): number {
  return i >= j ? (i * (i + 1)) / 2 + j : (j * (j + 1)) / 2 + i;
}

/** Number of unordered pairs from n items, including i = j. */
export function pairCount(n: number): number {
  return (n * (n + 1)) / 2;
}
