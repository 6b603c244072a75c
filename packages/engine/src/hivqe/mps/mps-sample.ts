import type { CancelPoint } from '../../ci/cancel.ts';
import type { Xoshiro128 } from '../rng.ts';
import type { MatrixProductState } from './mps.ts';

/**
 * Measures every site `shots` times: with the centre at site 0 the sites are right-orthonormal, so the
 * probability of the next qubit's value given the values before is the squared norm of the left vector
 * carried through that value, and no environment is needed. Shots that agree so far are carried together
 * (each splits by one uniform per shot at each site), so the cost grows with the distinct prefixes, not
 * with the shots. Returns, per outcome, its shots; character k of an outcome is site k.
 */
export async function sampleMps(
  mps: MatrixProductState,
  shots: number,
  rng: Xoshiro128,
  cancel: CancelPoint,
): Promise<Map<string, number>> {
  mps.moveCenter(0);
  const counts = new Map<string, number>();
  const stack: Array<{ prefix: string; re: Float64Array; im: Float64Array; shots: number }> = [
    { prefix: '', re: Float64Array.of(1), im: Float64Array.of(0), shots },
  ];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const k = node.prefix.length;
    if (k === mps.length) {
      counts.set(node.prefix, (counts.get(node.prefix) ?? 0) + node.shots);
      continue;
    }
    const site = mps.sites[k];
    const right = site.cols;
    const branches = [0, 1].map((s) => {
      const re = new Float64Array(right);
      const im = new Float64Array(right);
      for (let a = 0; a < node.re.length; a++) {
        const vr = node.re[a];
        const vi = node.im[a];
        if (vr === 0 && vi === 0) continue;
        const row = (2 * a + s) * right;
        for (let b = 0; b < right; b++) {
          const tr = site.re[row + b];
          const ti = site.im[row + b];
          re[b] += vr * tr - vi * ti;
          im[b] += vr * ti + vi * tr;
        }
      }
      let weight = 0;
      for (let b = 0; b < right; b++) weight += re[b] * re[b] + im[b] * im[b];
      return { re, im, weight };
    });
    const zeroProbability = branches[0].weight / (branches[0].weight + branches[1].weight);
    let zeros = 0;
    for (let shot = 0; shot < node.shots; shot++) if (rng.next() < zeroProbability) zeros++;
    // Pushed one then zero, so zero's shots are walked first.
    for (const [s, taken] of [
      [1, node.shots - zeros],
      [0, zeros],
    ] as const) {
      if (taken === 0) continue;
      const { re, im, weight } = branches[s];
      const norm = 1 / Math.sqrt(weight);
      for (let b = 0; b < right; b++) {
        re[b] *= norm;
        im[b] *= norm;
      }
      stack.push({ prefix: node.prefix + String(s), re, im, shots: taken });
    }
    if (cancel.due()) await cancel.pause();
  }
  return counts;
}
