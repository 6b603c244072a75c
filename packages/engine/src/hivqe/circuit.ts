import type { CancelPoint } from '../ci/cancel.ts';
import type { Block, BlockLayout, StringTable } from './layout.ts';
import type { StateVector } from './statevector.ts';

/**
 * Circuits as the simulator runs them. Every gate an ansatz uses is either diagonal (a phase per basis
 * state) or a two-level rotation: it mixes pairs of basis states (x, x') where x' is x with some
 * occupations changed. Since a basis state is an (alpha string, beta string) pair, the pairs of a gate
 * are the product of an alpha-side map and a beta-side map, each built once per run.
 */

/** Which strings of one spin a gate moves, and where: per source electron count, from → to with a sign. */
export interface SpinMap {
  /** Electron-count change of the moved strings: −1, 0 or +1. */
  shift: number;
  bySourceCount: Map<number, StringPairs>;
}

/** Parallel arrays of string ranks (within their electron counts) and signs. */
export interface StringPairs {
  from: Int32Array;
  to: Int32Array;
  sign: Float64Array;
}

/** For a string x: its image and the sign that goes with it, or null when the gate leaves x alone. */
type StringMove = (x: number) => { to: number; sign: number } | null;

export function mapStrings(
  table: StringTable,
  counts: Iterable<number>,
  shift: number,
  move: StringMove,
): SpinMap {
  const bySourceCount = new Map<number, StringPairs>();
  for (const count of counts) {
    const from: number[] = [];
    const to: number[] = [];
    const sign: number[] = [];
    table.strings(count).forEach((x, rank) => {
      const image = move(x);
      if (image === null) return;
      from.push(rank);
      to.push(table.rank(image.to));
      sign.push(image.sign);
    });
    bySourceCount.set(count, {
      from: Int32Array.from(from),
      to: Int32Array.from(to),
      sign: Float64Array.from(sign),
    });
  }
  return { shift, bySourceCount };
}

/** Strings left as they are (optionally only those satisfying `keep`), for the spin a gate does not touch. */
export function identityMap(
  table: StringTable,
  counts: Iterable<number>,
  keep: (x: number) => boolean = () => true,
) {
  return mapStrings(table, counts, 0, (x) => (keep(x) ? { to: x, sign: 1 } : null));
}

/**
 * The 2×2 block a rotation applies to the amplitudes (A of x, B of x'), with c = cos φ, s = sin φ,
 * φ = angleScale·θ and σ the pair's sign:
 * 'real':     A ← cA − σsB, B ← σsA + cB (RY, and fermionic excitations exp(φ(T − T†)));
 * 'exchange': A ← cA − isB, B ← −isA + cB (exp(−iφ(XX + YY)/2), the RXX·RYY block with a shared angle);
 * 'swap':     A ↔ B (CX, no parameter).
 */
export type RotationKind = 'real' | 'exchange' | 'swap';

export type Gate =
  | {
      type: 'phase';
      /** parameter index per qubit (alpha orbitals, then beta), −1 for none */ parameters: Int32Array;
    }
  | {
      type: 'rotation';
      kind: RotationKind;
      parameter: number;
      angleScale: number;
      alpha: SpinMap;
      beta: SpinMap;
    };

export class Circuit {
  constructor(
    readonly layout: BlockLayout,
    readonly gates: Gate[],
    readonly numParameters: number,
    /** The basis state the circuit starts from (the Hartree–Fock determinant). */
    readonly initial: readonly [alpha: number, beta: number],
  ) {}

  async run(state: StateVector, theta: Float64Array, cancel: CancelPoint): Promise<void> {
    state.setBasisState(this.initial[0], this.initial[1]);
    for (const gate of this.gates) {
      const angle =
        gate.type === 'rotation' && gate.parameter >= 0 ? gate.angleScale * theta[gate.parameter] : 0;
      for (const block of this.layout.blocks) {
        if (gate.type === 'phase') applyPhases(state, block, gate.parameters, theta);
        else applyRotation(state, block, gate, Math.cos(angle), Math.sin(angle));
        if (cancel.due()) await cancel.pause();
      }
    }
  }
}

/**
 * RZ(θ_q) on every qubit q at once, over one block: the phase of a basis state is Σ_q ±θ_q/2, split
 * into an alpha and a beta part.
 */
function applyPhases(state: StateVector, block: Block, parameters: Int32Array, theta: Float64Array): void {
  const { layout, re, im } = state;
  const norb = layout.table.norb;
  const angleOf = (qubit: number) => (parameters[qubit] < 0 ? 0 : theta[parameters[qubit]]);
  const phase = (x: number, firstQubit: number) => {
    let phi = 0;
    for (let p = 0; p < norb; p++) phi += ((x >>> p) & 1 ? 0.5 : -0.5) * angleOf(firstQubit + p);
    return phi;
  };
  const alphaPhase = Array.from(layout.table.strings(block.alphaCount), (x) => phase(x, 0));
  const betaPhase = Array.from(layout.table.strings(block.betaCount), (x) => phase(x, norb));
  const betaCos = Float64Array.from(betaPhase, Math.cos);
  const betaSin = Float64Array.from(betaPhase, Math.sin);
  for (let a = 0; a < block.alphaSize; a++) {
    const ca = Math.cos(alphaPhase[a]);
    const sa = Math.sin(alphaPhase[a]);
    const row = block.offset + a * block.betaSize;
    for (let b = 0; b < block.betaSize; b++) {
      const c = ca * betaCos[b] - sa * betaSin[b];
      const s = sa * betaCos[b] + ca * betaSin[b];
      const i = row + b;
      const r = re[i];
      re[i] = c * r - s * im[i];
      im[i] = s * r + c * im[i];
    }
  }
}

function applyRotation(
  state: StateVector,
  source: Block,
  gate: Extract<Gate, { type: 'rotation' }>,
  c: number,
  s: number,
): void {
  const alphaPairs = gate.alpha.bySourceCount.get(source.alphaCount);
  const betaPairs = gate.beta.bySourceCount.get(source.betaCount);
  if (alphaPairs === undefined || betaPairs === undefined) return;
  const target = state.layout.block(source.alphaCount + gate.alpha.shift, source.betaCount + gate.beta.shift);
  if (target === undefined) return;
  const { re, im } = state;
  const betaFrom = betaPairs.from;
  const betaTo = betaPairs.to;
  const betaSign = betaPairs.sign;
  for (let i = 0; i < alphaPairs.from.length; i++) {
    const rowA = source.offset + alphaPairs.from[i] * source.betaSize;
    const rowB = target.offset + alphaPairs.to[i] * target.betaSize;
    const alphaSign = alphaPairs.sign[i];
    if (gate.kind === 'real') {
      for (let j = 0; j < betaFrom.length; j++) {
        const a = rowA + betaFrom[j];
        const b = rowB + betaTo[j];
        const ss = alphaSign * betaSign[j] * s;
        const ar = re[a];
        const ai = im[a];
        re[a] = c * ar - ss * re[b];
        im[a] = c * ai - ss * im[b];
        re[b] = ss * ar + c * re[b];
        im[b] = ss * ai + c * im[b];
      }
    } else if (gate.kind === 'exchange') {
      for (let j = 0; j < betaFrom.length; j++) {
        const a = rowA + betaFrom[j];
        const b = rowB + betaTo[j];
        const ar = re[a];
        const ai = im[a];
        re[a] = c * ar + s * im[b];
        im[a] = c * ai - s * re[b];
        const br = re[b];
        re[b] = c * br + s * ai;
        im[b] = c * im[b] - s * ar;
      }
    } else {
      for (let j = 0; j < betaFrom.length; j++) {
        const a = rowA + betaFrom[j];
        const b = rowB + betaTo[j];
        const ar = re[a];
        const ai = im[a];
        re[a] = re[b];
        im[a] = im[b];
        re[b] = ar;
        im[b] = ai;
      }
    }
  }
}
