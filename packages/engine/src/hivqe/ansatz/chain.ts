import { eriAt } from '../../ci/slater-condon.ts';
import type { ActiveSpaceHamiltonian } from '../../types.ts';
import { orbitalEnergies } from '../initial.ts';
import type { ActiveSpace } from './space.ts';

/**
 * The order in which a particle-conserving ansatz's entanglers link the orbitals of one spin register:
 * each occupied orbital, from the highest down, followed by the virtual orbital it pairs with most
 * strongly, then the virtual orbitals left over, lowest first. Pairs are matched greedily by the
 * first-order amplitude of the pair excitation i² → a², |(ia|ia)| / 2(ε_a − ε_i), strongest first.
 * Why: in energy order an exchange block links an occupied orbital to a virtual one only across the
 * Fermi level (and where a ring closes), so two layers of `epa` reach little beyond Hartree–Fock's
 * neighbours, strings the handover already brings. Linked to its partner, each occupied orbital hands
 * its electrons to the virtual orbital that matters most to it (N2: σ to σ*, πx to πx*), and the
 * circuit samples the strings the correlated state weighs (docs/engine.md, "Ablations").
 */
export function orbitalChain(ham: ActiveSpaceHamiltonian): number[] {
  const { norb, nalpha } = ham;
  const epsilon = orbitalEnergies(ham);
  const pairs: Array<{ i: number; a: number; amplitude: number }> = [];
  for (let i = 0; i < nalpha; i++) {
    for (let a = nalpha; a < norb; a++) {
      pairs.push({ i, a, amplitude: Math.abs(eriAt(ham, i, a, i, a)) / (2 * (epsilon[a] - epsilon[i])) });
    }
  }
  // Ties (degenerate orbitals) by index, so every platform links the same pairs.
  pairs.sort((x, y) => y.amplitude - x.amplitude || x.i - y.i || x.a - y.a);
  const partner = new Map<number, number>();
  const taken = new Set<number>();
  for (const { i, a } of pairs) {
    if (partner.has(i) || taken.has(a)) continue;
    partner.set(i, a);
    taken.add(a);
  }
  const chain: number[] = [];
  for (let i = nalpha - 1; i >= 0; i--) {
    chain.push(i);
    const a = partner.get(i);
    if (a !== undefined) chain.push(a);
  }
  for (let a = nalpha; a < norb; a++) if (!taken.has(a)) chain.push(a);
  return chain;
}

/** The orbitals in energy order: the chain when nothing says otherwise. */
export function energyOrder(norb: number): number[] {
  return Array.from({ length: norb }, (_, p) => p);
}

/**
 * The logical qubits in chain order, the alpha register then the beta one: the order a device
 * placement lays along a path of coupled qubits, so that linked orbitals sit on coupled qubits.
 */
export function registerPath(space: ActiveSpace): number[] {
  const chain = space.chain ?? energyOrder(space.norb);
  return [...chain, ...chain.map((p) => p + space.norb)];
}
