import { popcount } from '../ci/strings.ts';
import type { Sample } from './sampling.ts';
import type { Target } from './recovery.ts';

/**
 * Where the loop's new strings come from, and which of them a run may use. Switching one source off is
 * an ablation: `sampling: false` is the handover alone (a selected CI), `handover: false` the circuit's
 * samples and their configuration recovery alone.
 */
export interface StringSources {
  sampling: boolean;
  handover: boolean;
}

export const ALL_SOURCES: StringSources = { sampling: true, handover: true };

/** Strings that entered the subspace, counted by the source that brought them. */
export interface Provenance {
  /** Measured as such in a shot (the spin's electron count was right), and not handed over. */
  sampled: number;
  /** Reached only by configuration recovery repairing a shot, and not handed over. */
  recovered: number;
  /** Proposed by the handover (whether or not a shot also found it). */
  handover: number;
}

export function emptyProvenance(): Provenance {
  return { sampled: 0, recovered: 0, handover: 0 };
}

/** The strings a circuit's shots contain with the right electron count for their spin, before any repair. */
export function measuredStrings(samples: readonly Sample[], target: Target): Set<number> {
  const measured = new Set<number>();
  for (const { alpha, beta } of samples) {
    if (popcount(alpha) === target.nalpha) measured.add(alpha);
    if (popcount(beta) === target.nbeta) measured.add(beta);
  }
  return measured;
}

/**
 * Attributes each new string to one source, conservatively for the circuit: a string the handover
 * proposed counts as handover even when a shot measured it too, so `sampled` and `recovered` are the
 * strings only the circuit found (measured as such, or reached through a repair).
 */
export function attribute(
  added: readonly number[],
  handedOver: ReadonlySet<number>,
  measured: ReadonlySet<number>,
): Provenance {
  const counts = emptyProvenance();
  for (const x of added) {
    if (handedOver.has(x)) counts.handover++;
    else if (measured.has(x)) counts.sampled++;
    else counts.recovered++;
  }
  return counts;
}

export function addProvenance(total: Provenance, part: Provenance): void {
  total.sampled += part.sampled;
  total.recovered += part.recovered;
  total.handover += part.handover;
}
