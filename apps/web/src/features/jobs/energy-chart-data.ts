import {
  CHEMICAL_ACCURACY_MHA,
  ENERGY_AXIS_PADDING,
  ENERGY_DECIMALS,
  errorMha,
  type EnergyDataPoint,
} from '@hivqe/contract';

/** One iteration of the convergence chart. */
export interface EnergyRow {
  step: number;
  energy: number;
  /**
   * What this point's energy is compared with (the user's exact energy or its molecule's CASCI), read back as
   * energy − error, so each molecule of a scan keeps its own; null when there is none.
   */
  reference: number | null;
  /** energy − reference in mHa. */
  errorMha: number | null;
  /** |error| in mHa, raised to ERROR_FLOOR_MHA so that an exact hit still has a place on a log axis. */
  errorSize: number | null;
  subspace: number;
}

/** Below 0.1 µHa an error is the engine's rounding, not the method's: drawn on the axis's floor. */
export const ERROR_FLOOR_MHA = 1e-4;

/**
 * The least span of the energy axis: 10 µHa, ticks 2 µHa apart, the six decimals the tooltips use. A run that
 * has settled would otherwise be drawn at the scale of its rounding noise.
 */
export const MIN_ENERGY_SPAN = 1e-5;

/** The points in order, numbered from Step 1. */
export const energyRows = (points: readonly EnergyDataPoint[]): EnergyRow[] =>
  points.map((point, index) => ({
    step: index + 1,
    energy: point.energy,
    reference: point.error === null ? null : point.energy - point.error,
    errorMha: point.error === null ? null : errorMha(point.energy, point.energy - point.error),
    errorSize: point.error === null ? null : Math.max(Math.abs(point.error) * 1000, ERROR_FLOOR_MHA),
    subspace: point.numStates,
  }));

/** Without a reference (no exact energy and no CASCI) there is no reference line and no error to draw. */
export const hasReference = (rows: readonly EnergyRow[]) => rows.some((row) => row.reference !== null);

/**
 * The energy axis: the energies and the references, padded by 10% of their range on each side (jobs.md 2.3).
 * A range under MIN_ENERGY_SPAN (a single value, a settled run) is widened to it about its middle.
 */
export function energyDomain(rows: readonly EnergyRow[]): [number, number] {
  const values = rows.flatMap((row) => (row.reference === null ? [row.energy] : [row.energy, row.reference]));
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = (max - min) * (1 + 2 * ENERGY_AXIS_PADDING);
  if (span >= MIN_ENERGY_SPAN) {
    const padding = (max - min) * ENERGY_AXIS_PADDING;
    return [min - padding, max + padding];
  }
  const middle = (min + max) / 2;
  return [middle - MIN_ENERGY_SPAN / 2, middle + MIN_ENERGY_SPAN / 2];
}

/** A round step (1, 2 or 5 times a power of ten) giving about `count` intervals over `span`. */
export function niceStep(span: number, count: number): number {
  const raw = span / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  // Less a rounding error, so that 2.0000000001 counts as 2.
  const fraction = raw / magnitude - 1e-9;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * magnitude;
}

/** The decimals that tell ticks `step` apart and no more: 0.002 needs 3, 0.5 needs 1, 20 needs none. */
export const stepDecimals = (step: number) => Math.max(0, -Math.floor(Math.log10(step) + 1e-9));

export interface LinearAxis {
  domain: [number, number];
  ticks: number[];
  /** How many decimals each tick is written with: enough that no two read the same. */
  decimals: number;
}

/** Round ticks inside `domain`, each a whole multiple of the step so they do not drift; counts step by 1 at least. */
export function linearAxis(domain: [number, number], { count = 5, whole = false } = {}): LinearAxis {
  const [low, high] = domain;
  const step = whole ? Math.max(niceStep(high - low, count), 1) : niceStep(high - low, count);
  const decimals = stepDecimals(step);
  const ticks: number[] = [];
  for (let k = Math.ceil(low / step - 1e-9); k * step <= high + step * 1e-9; k += 1) {
    ticks.push(Number((k * step).toFixed(decimals)));
  }
  return { domain, ticks, decimals };
}

export const energyAxis = (rows: readonly EnergyRow[]) => linearAxis(energyDomain(rows));

/** Subspace sizes from zero, with a tenth of headroom so a constant size is not drawn on the frame. */
export const subspaceAxis = (rows: readonly EnergyRow[]) =>
  linearAxis([0, Math.max(...rows.map((row) => row.subspace), 1) * 1.1], { whole: true });

export interface LogAxis {
  domain: [number, number];
  /** Whole powers of ten. */
  ticks: number[];
}

/** More decades than this are labelled every second (or third...) one, so the labels keep their room. */
const MAX_DECADE_TICKS = 6;

/**
 * The error axis in mHa: whole decades from below the smallest error to above the largest, and never without
 * the chemical-accuracy line, so a reader sees at once which side of it the run ended.
 */
export function errorAxis(rows: readonly EnergyRow[]): LogAxis {
  const sizes = rows.flatMap((row) => (row.errorSize === null ? [] : [row.errorSize]));
  // A value exactly on a decade (the floor, or 1 mHa) gets the decade beyond it, so it is not drawn on the frame.
  const low = Math.ceil(Math.log10(Math.min(...sizes, CHEMICAL_ACCURACY_MHA))) - 1;
  const high = Math.floor(Math.log10(Math.max(...sizes, CHEMICAL_ACCURACY_MHA))) + 1;
  const every = Math.ceil((high - low + 1) / MAX_DECADE_TICKS);
  const ticks: number[] = [];
  for (let exponent = high; exponent >= low; exponent -= every) ticks.unshift(Number(`1e${exponent}`));
  return { domain: [Number(`1e${low}`), Number(`1e${high}`)], ticks };
}

const SUPERSCRIPT: Record<string, string> = {
  '-': '⁻',
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
};

/** A power of ten as a paper writes it: 10⁻³, 10⁰, 10². */
export function formatDecade(value: number): string {
  const exponent = String(Math.round(Math.log10(value)));
  return `10${[...exponent].map((char) => SUPERSCRIPT[char]).join('')}`;
}

/** Energies to 6 decimals (jobs.md 2.3). */
export const formatEnergy = (value: number) => value.toFixed(ENERGY_DECIMALS);

/** Past this many points a marker on each would hide the line: they are drawn only where the pointer is. */
export const MARKER_LIMIT = 40;
export const showsMarkers = (rows: readonly EnergyRow[]) => rows.length <= MARKER_LIMIT;
