import { singleExcitationLinks } from '../ci/excitations.ts';
import { eigh } from '../linalg/eigh.ts';
import type { Subspace } from './subspace.ts';

/**
 * The spin-summed one-particle density matrix γ[p, q] = Σ_σ <Ψ|a†_pσ a_qσ|Ψ> of a subspace's ground
 * state (norb × norb, symmetric). The coefficient matrix being symmetric, the beta part equals the alpha
 * part: γ = 2 Σ_{I,J} <J|a†_p a_q|I> Σ_K c[J, K] c[I, K], over the alpha strings linked by one move.
 */
export function oneParticleDensity(subspace: Subspace, norb: number): Float64Array {
  const n = subspace.strings.size;
  const c = subspace.vector;
  const links = singleExcitationLinks(subspace.strings, norb, true);
  const density = new Float64Array(norb * norb);
  for (let k = 0; k < links.count; k++) {
    const from = links.src[k] * n;
    const to = links.dst[k] * n;
    let overlap = 0;
    for (let j = 0; j < n; j++) overlap += c[to + j] * c[from + j];
    density[links.pq[k]] += 2 * links.sign[k] * overlap;
  }
  // Each pair (p, q) and (q, p) was summed over the same determinants in another order: average away
  // the rounding so that the matrix is exactly symmetric.
  for (let p = 0; p < norb; p++) {
    for (let q = 0; q < p; q++) {
      const mean = (density[p * norb + q] + density[q * norb + p]) / 2;
      density[p * norb + q] = mean;
      density[q * norb + p] = mean;
    }
  }
  return density;
}

/**
 * Below this a density element between two orbitals is rounding noise: orbitals of different irreducible
 * representations, which no determinant of the state's symmetry couples (elements near 1e-15).
 */
const UNCOUPLED = 1e-10;

/**
 * The natural orbitals of a density matrix: occupations in descending order and the rotation whose
 * column k is natural orbital k over the current orbitals, so that the most occupied orbitals come first
 * (where the ansatz and the Hartree–Fock string put the electrons). Each block of orbitals the density
 * couples (on a symmetric molecule, an irreducible representation) is diagonalised on its own: a
 * degenerate pair of another symmetry (N2's πx and πy) is then not mixed, and the integrals between
 * symmetries stay the negligible ones the σ code skips (excitations.ts, NEGLIGIBLE_WEIGHT).
 */
export function naturalOrbitals(
  density: Float64Array,
  norb: number,
): { occupations: Float64Array; rotation: Float64Array } {
  const found: Array<{ occupation: number; block: number[]; vector: Float64Array }> = [];
  for (const block of coupledBlocks(density, norb)) {
    const size = block.length;
    const sub = Float64Array.from(
      { length: size * size },
      (_, i) => density[block[Math.floor(i / size)] * norb + block[i % size]],
    );
    const { values, vectors } = eigh(sub, size);
    for (let k = 0; k < size; k++)
      found.push({
        occupation: values[k],
        block,
        vector: Float64Array.from({ length: size }, (_, i) => vectors[i * size + k]),
      });
  }
  // Most occupied first; equal occupations (degenerate orbitals) by their block's first orbital.
  found.sort((x, y) => y.occupation - x.occupation || x.block[0] - y.block[0]);
  const occupations = new Float64Array(norb);
  const rotation = new Float64Array(norb * norb);
  found.forEach(({ occupation, block, vector }, k) => {
    occupations[k] = occupation;
    block.forEach((p, i) => (rotation[p * norb + k] = vector[i]));
  });
  return { occupations, rotation };
}

/** The orbitals grouped by the density's non-negligible elements (connected components), each ascending. */
function coupledBlocks(density: Float64Array, norb: number): number[][] {
  const block = new Int32Array(norb).fill(-1);
  const blocks: number[][] = [];
  for (let start = 0; start < norb; start++) {
    if (block[start] >= 0) continue;
    const members = [start];
    block[start] = blocks.length;
    for (let m = 0; m < members.length; m++) {
      for (let q = 0; q < norb; q++) {
        if (block[q] < 0 && Math.abs(density[members[m] * norb + q]) > UNCOUPLED) {
          block[q] = blocks.length;
          members.push(q);
        }
      }
    }
    blocks.push(members.sort((a, b) => a - b));
  }
  return blocks;
}
