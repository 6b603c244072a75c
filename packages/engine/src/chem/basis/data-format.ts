/** One contracted shell as stored in `data/*.json`: angular momentum, exponents, contraction coefficients. */
export type StoredShell = [l: number, exponents: number[], coefficients: number[]];

/** Layout of `data/*.json`, written by `scripts/convert-basis.ts`. */
export interface StoredBasis {
  basis: string;
  source: string;
  /** Element symbol → shells, in the order of the source file. */
  elements: Record<string, StoredShell[]>;
}
