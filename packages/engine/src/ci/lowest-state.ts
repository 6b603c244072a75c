import type { ActiveSpaceHamiltonian } from '../types.ts';
import { BlockOperator } from './block-operator.ts';
import type { CancelPoint } from './cancel.ts';
import { davidsonLowest } from './davidson.ts';
import { ProductSpaceHamiltonian } from './product-space.ts';
import { StringSet } from './strings.ts';

/**
 * From this many determinants solved over, Davidson starts from a seed (below) rather than from the
 * lowest diagonal determinant. On N2 CAS(14o,14e) (1,472,928 solved) the seed cut the products from 12
 * to 9, for a seed that costs well under one product; on small spaces a product costs less than the seed.
 */
const SEED_FROM = 100_000;
/**
 * The seed is the ground state of the product space of the strings of this many lowest-diagonal
 * determinants (Psi4's detci starts from its 1,000 lowest too, its "H0 block"); it is given up when that
 * space would be more than 1/SEED_SHARE of the whole.
 */
const SEED_DETERMINANTS = 1000;
const SEED_SHARE = 20;

export interface LowestStateOptions {
  /** Starting vector in the alpha × beta layout; without one, a seed or the lowest diagonal determinant. */
  guess?: Float64Array;
  /** The irrep to solve in (ProductSpaceHamiltonian's `targetIrrep`); by default the lowest diagonal's. */
  targetIrrep?: number | null;
  energyTolerance: number;
  residualTolerance: number;
  maxIterations: number;
  cancel: CancelPoint;
}

export interface LowestState {
  /** The eigenvalue of the active-space Hamiltonian (ecore not added). */
  energy: number;
  /** Products over the space solved (the seed's, over its small space, not counted). */
  iterations: number;
  /** Determinants solved over: one irrep's where the orbitals have symmetry, else all. */
  solved: number;
  /** The eigenvector in the alpha × beta layout (zero off the irrep); built on request, it can be large. */
  vector(): Float64Array;
}

/**
 * The lowest eigenpair of H over alpha strings × beta strings, by Davidson over the determinants of one
 * irrep where the strings carry irreps (block-operator.ts). CASCI and every HI-VQE subspace come here.
 */
export async function lowestState(
  ham: ActiveSpaceHamiltonian,
  alpha: StringSet,
  beta: StringSet,
  options: LowestStateOptions,
): Promise<LowestState> {
  const targetIrrep = options.targetIrrep ?? null;
  const whole = new ProductSpaceHamiltonian(ham, alpha, beta, null, targetIrrep);
  const positions = whole.blockDeterminants();
  const block = positions === null ? null : new BlockOperator(whole, positions, whole.blockTransposes());
  const op = block ?? whole;
  const guess =
    options.guess ??
    (op.size >= SEED_FROM
      ? await seed(ham, whole, positions, op.diagonal, targetIrrep, options.cancel)
      : undefined);
  const result = await davidsonLowest(op, {
    guess: guess === undefined || block === null ? guess : block.toBlock(guess),
    energyTolerance: options.energyTolerance,
    residualTolerance: options.residualTolerance,
    maxIterations: options.maxIterations,
    cancel: options.cancel,
  });
  return {
    energy: result.energy,
    iterations: result.iterations,
    solved: op.size,
    vector: () => (block === null ? result.vector : block.toWhole(result.vector)),
  };
}

/**
 * A starting vector near the ground state: the ground state over the strings of the lowest diagonal
 * determinants (all of them in the irrep solved), placed in the whole layout. Undefined when that space
 * is not small beside the whole.
 */
async function seed(
  ham: ActiveSpaceHamiltonian,
  whole: ProductSpaceHamiltonian,
  positions: Int32Array | null,
  diagonal: Float64Array,
  targetIrrep: number | null,
  cancel: CancelPoint,
): Promise<Float64Array | undefined> {
  const threshold = Float64Array.from(diagonal).sort()[Math.min(SEED_DETERMINANTS, diagonal.length) - 1];
  const nb = whole.beta.size;
  const alphaPicked = new Set<number>();
  const betaPicked = new Set<number>();
  for (let k = 0; k < diagonal.length; k++) {
    if (diagonal[k] > threshold) continue;
    const p = positions === null ? k : positions[k];
    alphaPicked.add(whole.alpha.strings[Math.floor(p / nb)]);
    betaPicked.add(whole.beta.strings[p % nb]);
  }
  // A symmetric C needs one string set for both spins.
  const alpha = new StringSet(
    [...(whole.spinSymmetric ? new Set([...alphaPicked, ...betaPicked]) : alphaPicked)],
    whole.alpha.orbitalIrreps,
  );
  const beta = whole.spinSymmetric ? alpha : new StringSet([...betaPicked], whole.beta.orbitalIrreps);
  if (alpha.size * beta.size * SEED_SHARE > whole.size) return undefined;
  const state = await lowestState(ham, alpha, beta, {
    targetIrrep,
    energyTolerance: 1e-8,
    residualTolerance: 1e-4,
    maxIterations: 100,
    cancel,
  });
  const small = state.vector();
  const out = new Float64Array(whole.size);
  const rows = Int32Array.from(alpha.strings, (x) => whole.alpha.indexOf(x));
  const columns = Int32Array.from(beta.strings, (x) => whole.beta.indexOf(x));
  for (let i = 0; i < rows.length; i++)
    for (let j = 0; j < columns.length; j++) out[rows[i] * nb + columns[j]] = small[i * columns.length + j];
  return out;
}
