import { excitationSign } from '../../ci/strings.ts';
import { identityMap, mapStrings, type Gate, type RotationKind, type SpinMap } from '../circuit.ts';
import type { BlockLayout } from '../layout.ts';
import type { SpinExcitation } from './gates.ts';

type Spin = 'alpha' | 'beta';

/**
 * The ansatz gates as block-layout rotations on the Jordan–Wigner register (qubit q < norb is alpha
 * orbital q, qubit norb + p is beta orbital p). Qubit gates carry no fermionic signs; excitations carry
 * theirs. Spin maps are shared between gates that move the same strings, so repeated layers cost no
 * memory.
 */
export class BlockGates {
  private readonly maps = new Map<string, SpinMap>();
  private readonly counts: Record<Spin, number[]>;

  constructor(private readonly layout: BlockLayout) {
    this.counts = {
      alpha: [...new Set(layout.blocks.map((block) => block.alphaCount))],
      beta: [...new Set(layout.blocks.map((block) => block.betaCount))],
    };
  }

  /** exp(−iθ(XX + YY)/2) on qubits q1, q2: RXX(θ)·RYY(θ) with one shared angle. */
  exchange(q1: number, q2: number, parameter: number): Gate {
    const [s1, p1] = this.orbital(q1);
    const [s2, p2] = this.orbital(q2);
    if (s1 === s2) {
      const mask = (1 << p1) | (1 << p2);
      const moved = this.qubitMap(s1, `swap ${p1} ${p2}`, 0, (x) =>
        (x >>> p1) & 1 && !((x >>> p2) & 1) ? x ^ mask : null,
      );
      return this.rotation('exchange', parameter, 1, s1, moved, this.identity(other(s1)));
    }
    const emptied = this.qubitMap(s1, `remove ${p1}`, -1, (x) => ((x >>> p1) & 1 ? x & ~(1 << p1) : null));
    const filled = this.qubitMap(s2, `add ${p2}`, 1, (x) => ((x >>> p2) & 1 ? null : x | (1 << p2)));
    return this.rotation('exchange', parameter, 1, s1, emptied, filled);
  }

  /** RY(θ) on qubit q: |0⟩ → cos(θ/2)|0⟩ + sin(θ/2)|1⟩. */
  ry(q: number, parameter: number): Gate {
    const [spin, p] = this.orbital(q);
    const filled = this.qubitMap(spin, `add ${p}`, 1, (x) => ((x >>> p) & 1 ? null : x | (1 << p)));
    return this.rotation('real', parameter, 0.5, spin, filled, this.identity(other(spin)));
  }

  /** CX: flips the target qubit where the control qubit is 1. */
  cx(control: number, target: number): Gate {
    const [sc, pc] = this.orbital(control);
    const [st, pt] = this.orbital(target);
    if (sc === st) {
      const flipped = this.qubitMap(sc, `cx ${pc} ${pt}`, 1, (x) =>
        (x >>> pc) & 1 && !((x >>> pt) & 1) ? x | (1 << pt) : null,
      );
      return this.rotation('swap', -1, 0, sc, flipped, this.identity(other(sc)));
    }
    const controlled = this.qubitMap(sc, `keep ${pc}`, 0, (x) => ((x >>> pc) & 1 ? x : null));
    const flipped = this.qubitMap(st, `add ${pt}`, 1, (x) => ((x >>> pt) & 1 ? null : x | (1 << pt)));
    return this.rotation('swap', -1, 0, sc, controlled, flipped);
  }

  /** exp(θ(T − T†)): rotates each determinant the excitation applies to into its image, with its sign. */
  excitation(alpha: SpinExcitation | null, beta: SpinExcitation | null, parameter: number): Gate {
    return {
      type: 'rotation',
      kind: 'real',
      parameter,
      angleScale: 1,
      alpha: this.fermionMap('alpha', alpha),
      beta: this.fermionMap('beta', beta),
    };
  }

  private orbital(q: number): [Spin, number] {
    const norb = this.layout.table.norb;
    return q < norb ? ['alpha', q] : ['beta', q - norb];
  }

  private rotation(
    kind: RotationKind,
    parameter: number,
    angleScale: number,
    firstSpin: Spin,
    first: SpinMap,
    second: SpinMap,
  ): Gate {
    const [alpha, beta] = firstSpin === 'alpha' ? [first, second] : [second, first];
    return { type: 'rotation', kind, parameter, angleScale, alpha, beta };
  }

  private identity(spin: Spin): SpinMap {
    return this.memo(`${spin} identity`, () => identityMap(this.layout.table, this.counts[spin]));
  }

  private qubitMap(spin: Spin, name: string, shift: number, move: (x: number) => number | null): SpinMap {
    return this.memo(`${spin} ${name}`, () =>
      mapStrings(this.layout.table, this.counts[spin], shift, (x) => {
        const to = move(x);
        return to === null ? null : { to, sign: 1 };
      }),
    );
  }

  /** The strings an excitation applies to (every hole occupied, every particle empty when reached). */
  private fermionMap(spin: Spin, excitation: SpinExcitation | null): SpinMap {
    if (excitation === null) return this.identity(spin);
    return this.memo(`${spin} excite ${excitation.join(' ')}`, () =>
      mapStrings(this.layout.table, this.counts[spin], 0, (x) => {
        let to = x;
        let sign = 1;
        for (const [hole, particle] of excitation) {
          if (!((to >>> hole) & 1) || (to >>> particle) & 1) return null;
          sign *= excitationSign(to, particle, hole);
          to = (to & ~(1 << hole)) | (1 << particle);
        }
        return { to, sign };
      }),
    );
  }

  private memo(key: string, build: () => SpinMap): SpinMap {
    let map = this.maps.get(key);
    if (map === undefined) {
      map = build();
      this.maps.set(key, map);
    }
    return map;
  }
}

function other(spin: Spin): Spin {
  return spin === 'alpha' ? 'beta' : 'alpha';
}
