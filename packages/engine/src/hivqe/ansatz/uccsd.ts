import type { Circuit } from '../circuit.ts';
import { blockCircuit } from './block-circuit.ts';
import type { AnsatzGate, AnsatzProgram, SpinExcitation } from './gates.ts';
import type { ActiveSpace } from './space.ts';

/**
 * Trotterised UCCSD: `reps` sweeps of exp(θ(T − T†)) for every spin-conserving single and double
 * excitation T from the Hartree–Fock occupied orbitals to the virtual ones, each with its own angle.
 * Each factor rotates pairs of determinants (with their fermionic signs); the state stays in the
 * (nα, nβ) block, which is the CI space.
 */
export function uccsdBlockCounts(space: ActiveSpace): Array<[number, number]> {
  return [[space.nalpha, space.nbeta]];
}

export function uccsdProgram(space: ActiveSpace, reps: number): AnsatzProgram {
  const alphaSingles = singles(space.nalpha, space.norb);
  const betaSingles = singles(space.nbeta, space.norb);
  const excitations: Array<[alpha: SpinExcitation | null, beta: SpinExcitation | null]> = [
    ...alphaSingles.map((s): [SpinExcitation, null] => [s, null]),
    ...betaSingles.map((s): [null, SpinExcitation] => [null, s]),
    ...sameSpinDoubles(space.nalpha, space.norb).map((d): [SpinExcitation, null] => [d, null]),
    ...sameSpinDoubles(space.nbeta, space.norb).map((d): [null, SpinExcitation] => [null, d]),
    ...alphaSingles.flatMap((a) => betaSingles.map((b): [SpinExcitation, SpinExcitation] => [a, b])),
  ];
  const gates: AnsatzGate[] = [];
  let parameter = 0;
  for (let rep = 0; rep < reps; rep++) {
    for (const [alpha, beta] of excitations) {
      gates.push({ type: 'excitation', alpha, beta, parameter: parameter++ });
    }
  }
  return { space, gates, numParameters: parameter, blockCounts: uccsdBlockCounts(space) };
}

export function uccsdCircuit(space: ActiveSpace, reps: number): Circuit {
  return blockCircuit(uccsdProgram(space, reps));
}

/** a†_a a_i for every occupied i and virtual a. */
function singles(nocc: number, norb: number): SpinExcitation[] {
  const out: SpinExcitation[] = [];
  for (let i = 0; i < nocc; i++) for (let a = nocc; a < norb; a++) out.push([[i, a]]);
  return out;
}

/** a†_b a_j a†_a a_i for occupied i < j and virtual a < b: i → a first, then j → b. */
function sameSpinDoubles(nocc: number, norb: number): SpinExcitation[] {
  const out: SpinExcitation[] = [];
  for (let i = 0; i < nocc; i++) {
    for (let j = i + 1; j < nocc; j++) {
      for (let a = nocc; a < norb; a++) {
        for (let b = a + 1; b < norb; b++) {
          out.push([
            [i, a],
            [j, b],
          ]);
        }
      }
    }
  }
  return out;
}
