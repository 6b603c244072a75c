import { buildBasisSet } from '../basis/shells.ts';
import type { ElementSymbol } from '../elements.ts';
import { electronRepulsionIntegrals } from '../integrals/eri.ts';
import { oneElectronIntegrals } from '../integrals/one-electron.ts';
import type { Atom, Molecule } from '../molecule.ts';
import { runRhf } from './rhf.ts';
import { integralsToSupermatrix } from './supermatrix.ts';

/**
 * The superposition of atomic densities (SAD), the molecule's starting density: each neutral atom's
 * own SCF density in its own basis functions (spherically averaged: a partly filled shell shares its
 * electrons equally), placed on the diagonal blocks. Its first Fock matrix already has the molecule's
 * screening, so the SCF needs fewer iterations than from the bare core Hamiltonian. The functions of an
 * atom are contiguous in the basis set (basis/shells.ts), in atom order. Per spin, like the RHF density.
 */
export function superposedAtomicDensity(
  atoms: readonly Atom[],
  basisName: string,
  nbf: number,
): Float64Array {
  const density = new Float64Array(nbf * nbf);
  const byElement = new Map<ElementSymbol, Float64Array>();
  let offset = 0;
  for (const atom of atoms) {
    let block = byElement.get(atom.symbol);
    if (block === undefined) {
      block = atomicDensity({ atoms: [atom], electrons: atom.charge }, basisName);
      byElement.set(atom.symbol, block);
    }
    const size = Math.round(Math.sqrt(block.length));
    for (let i = 0; i < size; i++)
      density.set(block.subarray(i * size, (i + 1) * size), (offset + i) * nbf + offset);
    offset += size;
  }
  return density;
}

function atomicDensity(atom: Molecule, basisName: string): Float64Array {
  const basis = buildBasisSet(atom, basisName);
  const one = oneElectronIntegrals(basis, atom.atoms);
  const input = {
    nbf: basis.nbf,
    nocc: atom.electrons / 2,
    nuclearRepulsion: 0,
    overlap: one.overlap,
    coreHamiltonian: one.kinetic.map((value, i) => value + one.nuclear[i]),
    supermatrix: integralsToSupermatrix(electronRepulsionIntegrals(basis)),
    averageOpenLevel: true,
  };
  return runRhf(input).density;
}
