import { MatrixProductState } from '../../src/hivqe/mps/mps.ts';
import { siteGates } from '../../src/hivqe/mps/site-gates.ts';
import type { NativeCircuit, NativeDevice } from '../../src/hivqe/native/types.ts';

/** Every amplitude of a small matrix-product state, contracted site by site: bit k of the index is site k. */
export function mpsAmplitudes(mps: MatrixProductState): { re: Float64Array; im: Float64Array } {
  const size = 2 ** mps.length;
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  for (let index = 0; index < size; index++) {
    let vr = Float64Array.of(1);
    let vi = Float64Array.of(0);
    for (let k = 0; k < mps.length; k++) {
      const s = (index >>> k) & 1;
      const site = mps.sites[k];
      const right = site.cols;
      const nr = new Float64Array(right);
      const ni = new Float64Array(right);
      for (let a = 0; a < vr.length; a++) {
        for (let b = 0; b < right; b++) {
          const tr = site.re[(2 * a + s) * right + b];
          const ti = site.im[(2 * a + s) * right + b];
          nr[b] += vr[a] * tr - vi[a] * ti;
          ni[b] += vr[a] * ti + vi[a] * tr;
        }
      }
      vr = nr;
      vi = ni;
    }
    re[index] = vr[0];
    im[index] = vi[0];
  }
  return { re, im };
}

/** The circuit's gates run on a matrix-product state over the device's line of qubits. */
export function runOnMps(
  circuit: NativeCircuit,
  device: NativeDevice,
  policy: { maxBond: number; cutoff: number },
): MatrixProductState {
  const mps = new MatrixProductState(device.qubits.length, policy);
  for (const gate of siteGates(circuit.instructions, (q) => device.qubits.indexOf(q))) {
    if (gate.type === 'single') mps.applySingle(gate.site, gate.u);
    else mps.applyPair(gate.site, gate.u);
  }
  return mps;
}

/**
 * |amplitude|² of the state indexed as the circuit's measurement reads it: bit q is the q-th measured
 * qubit (for an exported ansatz, Jordan–Wigner qubit q).
 */
export function measuredProbabilities(
  mps: MatrixProductState,
  circuit: NativeCircuit,
  device: NativeDevice,
): Float64Array {
  const measure = circuit.instructions.at(-1);
  if (measure?.name !== 'measure') throw new Error('expected a final measure');
  const sites = measure.qubits.map((q) => device.qubits.indexOf(q));
  const { re, im } = mpsAmplitudes(mps);
  const probabilities = new Float64Array(re.length);
  for (let index = 0; index < re.length; index++) {
    let outcome = 0;
    sites.forEach((site, q) => (outcome |= ((index >>> site) & 1) << q));
    probabilities[outcome] += re[index] ** 2 + im[index] ** 2;
  }
  return probabilities;
}
