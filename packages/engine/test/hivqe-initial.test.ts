import { beforeAll, describe, expect, it } from 'vitest';
import { CancelPoint } from '../src/ci/cancel.ts';
import { enumerateStrings, StringSet } from '../src/ci/strings.ts';
import { blockCircuit } from '../src/hivqe/ansatz/block-circuit.ts';
import { ansatzProgram } from '../src/hivqe/ansatz/index.ts';
import { initialParameters } from '../src/hivqe/initial.ts';
import { Xoshiro128 } from '../src/hivqe/rng.ts';
import { StateVector } from '../src/hivqe/statevector.ts';
import { diagonalise, placedOn } from '../src/hivqe/subspace.ts';
import { n2Sto3g } from './support/n2-sto3g.ts';
import type { ActiveSpaceHamiltonian } from '../src/types.ts';

/** N2 STO-3G, frozen 0,1, active 2..9: strongly enough correlated that HF is only ~95% of the state. */
let ham: ActiveSpaceHamiltonian;
/** The exact ground state over strings × strings in ascending order, the circuit's state vector's layout. */
let exact: Float64Array;

beforeAll(async () => {
  ham = n2Sto3g();
  const strings = enumerateStrings(ham.norb, ham.nalpha);
  const ground = await diagonalise(ham, strings, null, new CancelPoint());
  exact = placedOn(ground, new StringSet(strings));
});

const space = () => ({ norb: ham.norb, nalpha: ham.nalpha, nbeta: ham.nbeta });

/** |⟨ψ|exact ground state⟩| for the UCCSD circuit at θ (both over strings × strings in ascending order). */
async function overlapWithExact(reps: number, theta: Float64Array | null): Promise<number> {
  const program = ansatzProgram(space(), { ansatz: 'uccsd', entanglement: 'no', reps });
  const circuit = blockCircuit(program);
  const state = new StateVector(circuit.layout);
  await circuit.run(state, theta ?? new Float64Array(program.numParameters), new CancelPoint());
  let re = 0;
  let im = 0;
  for (let k = 0; k < exact.length; k++) {
    re += state.re[k] * exact[k];
    im += state.im[k] * exact[k];
  }
  return Math.hypot(re, im);
}

describe('the circuit starts from an informed point', () => {
  it.each([1, 2])(
    'UCCSD (%i sweeps) starts at the MP2 amplitudes, closer to the ground state than HF',
    async (reps) => {
      const program = ansatzProgram(space(), { ansatz: 'uccsd', entanglement: 'no', reps });
      const theta = initialParameters(ham, program, new Xoshiro128(0));
      const hf = await overlapWithExact(reps, null);
      const mp2 = await overlapWithExact(reps, theta);
      expect(hf).toBeLessThan(0.98);
      // A wrong sign or scale would move the state away from the ground state, not towards it.
      expect(mp2).toBeGreaterThan(hf + 0.01);
      // The same angles whatever the seed: the start is computed, not drawn.
      expect(initialParameters(ham, program, new Xoshiro128(7))).toEqual(theta);
    },
  );

  it('epa starts at seeded random angles spread widely enough to leave Hartree–Fock', () => {
    const program = ansatzProgram(space(), { ansatz: 'epa', entanglement: 'circular', reps: 2 });
    const theta = initialParameters(ham, program, new Xoshiro128(3));
    expect(initialParameters(ham, program, new Xoshiro128(3))).toEqual(theta);
    expect(Math.max(...theta.map(Math.abs))).toBeLessThanOrEqual(1);
    expect(Math.max(...theta.map(Math.abs))).toBeGreaterThan(0.5);
  });
});
