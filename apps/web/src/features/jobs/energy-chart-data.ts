import { ENERGY_AXIS_PADDING, ENERGY_DECIMALS, type EnergyDataPoint } from '@hivqe/contract';

/** One iteration of the convergence chart; exact is the job's exact energy, the same on every row. */
export interface EnergyRow {
  step: number;
  energy: number;
  error: number | null;
  exact: number | null;
}

/** The metric points in order, numbered from Step 1. */
export const energyRows = (
  points: readonly EnergyDataPoint[],
  exactEnergy: number | undefined,
): EnergyRow[] =>
  points.map((point, index) => ({
    step: index + 1,
    energy: point.energy,
    error: point.error,
    exact: exactEnergy ?? null,
  }));

/**
 * The energy axis: the energies and the exact energy, padded by 10% of their range on each side (jobs.md 2.3);
 * a single value gets one hartree either side, since 10% of nothing is nothing.
 */
export function energyDomain(rows: readonly EnergyRow[]): [number, number] {
  const values = rows.flatMap((row) => (row.exact === null ? [row.energy] : [row.energy, row.exact]));
  const min = Math.min(...values);
  const max = Math.max(...values);
  const padding = max > min ? (max - min) * ENERGY_AXIS_PADDING : 1;
  return [min - padding, max + padding];
}

/** Energies to 6 decimals. */
export const formatEnergy = (value: number) => value.toFixed(ENERGY_DECIMALS);
