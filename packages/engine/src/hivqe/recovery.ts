import type { CancelPoint } from '../ci/cancel.ts';
import { popcount } from '../ci/strings.ts';
import type { Xoshiro128 } from './rng.ts';
import type { Sample } from './sampling.ts';

/** Orbital occupations (0 … 1 per spin-orbital) of the current subspace ground state. */
export interface Occupations {
  alpha: Float64Array;
  beta: Float64Array;
}

export interface SampleTally {
  /** Shots with the right electron counts, kept as measured. */
  kept: number;
  /** Shots with wrong counts, repaired (configuration recovery on). */
  repaired: number;
  /** Shots with wrong counts, discarded (configuration recovery off). */
  dropped: number;
}

export interface Target {
  norb: number;
  nalpha: number;
  nbeta: number;
}

/** Floor of the flip weights, so that an orbital the ground state leaves (un)occupied can still be flipped. */
const FLIP_FLOOR = 0.01;

/**
 * Turns measured shots into determinants with the molecule's electron counts. Shots with the right
 * alpha and beta counts are kept. The others are dropped, or with `recover` repaired shot by shot in the
 * spirit of SQD's configuration recovery: a spin with too many electrons loses electrons from orbitals
 * the current ground state occupies least, one with too few gains them in the orbitals it occupies most
 * (random bit flips weighted by the occupations).
 */
export async function recoverConfigurations(
  samples: readonly Sample[],
  target: Target,
  occupations: Occupations,
  recover: boolean,
  rng: Xoshiro128,
  cancel: CancelPoint,
): Promise<{ configurations: Sample[]; tally: SampleTally }> {
  const tally: SampleTally = { kept: 0, repaired: 0, dropped: 0 };
  const merged = new Map<string, Sample>();
  const add = (alpha: number, beta: number, count: number) => {
    const key = `${alpha}:${beta}`;
    const existing = merged.get(key);
    if (existing === undefined) merged.set(key, { alpha, beta, count });
    else existing.count += count;
  };
  for (const sample of samples) {
    const valid = popcount(sample.alpha) === target.nalpha && popcount(sample.beta) === target.nbeta;
    if (valid) {
      tally.kept += sample.count;
      add(sample.alpha, sample.beta, sample.count);
    } else if (!recover) {
      tally.dropped += sample.count;
    } else {
      tally.repaired += sample.count;
      for (let shot = 0; shot < sample.count; shot++) {
        const alpha = repairString(sample.alpha, target.nalpha, occupations.alpha, target.norb, rng);
        const beta = repairString(sample.beta, target.nbeta, occupations.beta, target.norb, rng);
        add(alpha, beta, 1);
        if (cancel.due()) await cancel.pause();
      }
    }
  }
  return { configurations: [...merged.values()], tally };
}

export function repairString(
  x: number,
  electrons: number,
  occupation: Float64Array,
  norb: number,
  rng: Xoshiro128,
): number {
  let repaired = x;
  let surplus = popcount(x) - electrons;
  while (surplus !== 0) {
    const removing = surplus > 0;
    const weights = new Float64Array(norb);
    let total = 0;
    for (let p = 0; p < norb; p++) {
      const occupied = ((repaired >>> p) & 1) === 1;
      if (occupied !== removing) continue;
      weights[p] = FLIP_FLOOR + (removing ? 1 - occupation[p] : occupation[p]);
      total += weights[p];
    }
    let draw = rng.next() * total;
    let chosen = -1;
    for (let p = 0; p < norb && chosen < 0; p++) {
      if (weights[p] === 0) continue;
      draw -= weights[p];
      if (draw < 0) chosen = p;
    }
    if (chosen < 0) chosen = weights.findLastIndex((w) => w > 0);
    repaired ^= 1 << chosen;
    surplus += removing ? -1 : 1;
  }
  return repaired;
}
