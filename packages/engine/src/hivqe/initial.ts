import { eriAt } from '../ci/slater-condon.ts';
import type { ActiveSpaceHamiltonian } from '../types.ts';
import type { AnsatzProgram } from './ansatz/gates.ts';
import type { Xoshiro128 } from './rng.ts';

/**
 * Spread of the random start (uniform in ±this, radians) of the ansätze without an informed start. At
 * ±0.01 rad the circuit samples little beyond Hartree–Fock and its neighbours, which the handover already
 * brings; at ±1 rad its exchange blocks already spread the electrons over several orbitals, so the
 * samples propose strings of their own from the first iteration (docs/engine.md, "Ablations").
 */
const RANDOM_SPREAD = 1;

/**
 * The circuit's starting parameters. UCCSD starts from the MP2 amplitudes, each double excitation's angle
 * being its first-order coefficient (singles 0, by Brillouin's theorem), split evenly over the sweeps;
 * the other ansätze start uniformly at random in ±RANDOM_SPREAD (seeded).
 */
export function initialParameters(
  ham: ActiveSpaceHamiltonian,
  program: AnsatzProgram,
  rng: Xoshiro128,
): Float64Array {
  const excitations = program.gates.filter((gate) => gate.type === 'excitation');
  if (excitations.length === 0 || excitations.length !== program.gates.length) {
    return Float64Array.from({ length: program.numParameters }, () => RANDOM_SPREAD * (2 * rng.next() - 1));
  }
  const sweeps = program.numParameters / new Set(excitations.map((g) => excitationKey(g))).size;
  const epsilon = orbitalEnergies(ham);
  const theta = new Float64Array(program.numParameters);
  for (const gate of excitations) {
    const moves = [...(gate.alpha ?? []), ...(gate.beta ?? [])];
    if (moves.length !== 2) continue;
    const [[i, a], [j, b]] = moves;
    const sameSpin = gate.alpha === null || gate.beta === null;
    const coupling = eriAt(ham, i, a, j, b) - (sameSpin ? eriAt(ham, i, b, j, a) : 0);
    theta[gate.parameter] = coupling / (epsilon[i] + epsilon[j] - epsilon[a] - epsilon[b]) / sweeps;
  }
  return theta;
}

function excitationKey(gate: { alpha: unknown; beta: unknown }): string {
  return JSON.stringify([gate.alpha, gate.beta]);
}

/** Diagonal of the closed-shell Fock operator in the active orbitals (the RHF orbital energies). */
export function orbitalEnergies(ham: ActiveSpaceHamiltonian): Float64Array {
  const { norb, nalpha } = ham;
  return Float64Array.from({ length: norb }, (_, p) => {
    let f = ham.h1[p * norb + p];
    for (let i = 0; i < nalpha; i++) f += 2 * eriAt(ham, p, p, i, i) - eriAt(ham, p, i, i, p);
    return f;
  });
}
