import type { CancelPoint } from '../ci/cancel.ts';
import type { Xoshiro128 } from './rng.ts';
import type { StateVector } from './statevector.ts';

/** A measured basis state (alpha string, beta string) and how many shots gave it. */
export interface Sample {
  alpha: number;
  beta: number;
  count: number;
}

/**
 * Measures every qubit `shots` times: draws sorted uniforms and walks the cumulative |amplitude|² once,
 * so the cost is one pass over the state plus sorting the shots. Samples come out in layout order.
 */
export async function sampleState(
  state: StateVector,
  shots: number,
  rng: Xoshiro128,
  cancel: CancelPoint,
): Promise<Sample[]> {
  const { re, im, layout } = state;
  let total = 0;
  for (let i = 0; i < re.length; i++) total += re[i] * re[i] + im[i] * im[i];
  const draws = new Float64Array(shots);
  for (let k = 0; k < shots; k++) draws[k] = rng.next() * total;
  draws.sort();

  const samples: Sample[] = [];
  let cumulative = 0;
  let k = 0;
  let lastNonZero = -1;
  for (let i = 0; i < re.length && k < shots; i++) {
    const p = re[i] * re[i] + im[i] * im[i];
    if (p === 0) continue;
    lastNonZero = i;
    cumulative += p;
    let count = 0;
    while (k < shots && draws[k] < cumulative) {
      count++;
      k++;
    }
    if (count > 0) samples.push(toSample(layout.basisState(i), count));
    if ((i & 0xffff) === 0 && cancel.due()) await cancel.pause();
  }
  // Rounding can leave the last draws just above the summed probability: they belong to the last state.
  if (k < shots && lastNonZero >= 0) {
    const [alpha, beta] = layout.basisState(lastNonZero);
    const last = samples.at(-1);
    if (last !== undefined && last.alpha === alpha && last.beta === beta) last.count += shots - k;
    else samples.push({ alpha, beta, count: shots - k });
  }
  return samples;
}

function toSample([alpha, beta]: [number, number], count: number): Sample {
  return { alpha, beta, count };
}
