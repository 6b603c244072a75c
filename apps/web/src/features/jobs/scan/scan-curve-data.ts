import { ENERGY_AXIS_PADDING, type ScanResponse } from '@hivqe/contract';

/** One bond length of the potential-energy curve; an energy is null until its job has it. */
export interface ScanCurveRow {
  bondLength: number;
  final: number | null;
  rhf: number | null;
  reference: number | null;
}

export const scanCurveRows = (scan: ScanResponse): ScanCurveRow[] =>
  scan.jobs.map((job) => ({
    bondLength: job.bond_length,
    final: job.result.energies?.final ?? null,
    rhf: job.result.energies?.rhf ?? null,
    reference: job.result.reference?.energy ?? null,
  }));

const energiesOf = (rows: readonly ScanCurveRow[]) =>
  rows.flatMap((row) => [row.final, row.rhf, row.reference]).filter((value) => value !== null);

/** The energy axis: the drawn energies padded by a tenth of their range; undefined with nothing drawn. */
export function scanEnergyDomain(rows: readonly ScanCurveRow[]): [number, number] | undefined {
  const energies = energiesOf(rows);
  if (energies.length === 0) return undefined;
  const low = Math.min(...energies);
  const high = Math.max(...energies);
  const pad = (high - low || Math.abs(high) * 1e-3 || 1e-3) * ENERGY_AXIS_PADDING;
  return [low - pad, high + pad];
}

/** How many bond lengths have their energies: the curve's progress. */
export const finishedCount = (rows: readonly ScanCurveRow[]) =>
  rows.filter((row) => row.final !== null).length;
