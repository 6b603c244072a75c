import { doubleExcitationSign } from '../../ci/excitations.ts';
import { excitationSign } from '../../ci/strings.ts';
import { Circuit, identityMap, mapStrings, type Gate, type SpinMap } from '../circuit.ts';
import { BlockLayout, StringTable } from '../layout.ts';
import { hartreeFock, type ActiveSpace } from './space.ts';

/**
 * Trotterised UCCSD: `reps` sweeps of exp(θ(T − T†)) for every spin-conserving single and double
 * excitation T from the Hartree–Fock occupied orbitals to the virtual ones, each with its own angle.
 * Each factor rotates pairs of determinants (with their fermionic signs); the state stays in the
 * (nα, nβ) block, which is the CI space.
 */
export function uccsdBlockCounts(space: ActiveSpace): Array<[number, number]> {
  return [[space.nalpha, space.nbeta]];
}

export function uccsdCircuit(space: ActiveSpace, reps: number): Circuit {
  const table = new StringTable(space.norb);
  const layout = new BlockLayout(table, uccsdBlockCounts(space));
  const maps = new FermionMaps(table);
  const excitations = [
    ...singles(space.nalpha, space.norb).map(([i, a]) => ({
      alpha: maps.single(space.nalpha, i, a),
      beta: maps.identity(space.nbeta),
    })),
    ...singles(space.nbeta, space.norb).map(([i, a]) => ({
      alpha: maps.identity(space.nalpha),
      beta: maps.single(space.nbeta, i, a),
    })),
    ...sameSpinDoubles(space.nalpha, space.norb).map((d) => ({
      alpha: maps.double(space.nalpha, d),
      beta: maps.identity(space.nbeta),
    })),
    ...sameSpinDoubles(space.nbeta, space.norb).map((d) => ({
      alpha: maps.identity(space.nalpha),
      beta: maps.double(space.nbeta, d),
    })),
    ...singles(space.nalpha, space.norb).flatMap(([i, a]) =>
      singles(space.nbeta, space.norb).map(([j, b]) => ({
        alpha: maps.single(space.nalpha, i, a),
        beta: maps.single(space.nbeta, j, b),
      })),
    ),
  ];
  const gates: Gate[] = [];
  let parameter = 0;
  for (let rep = 0; rep < reps; rep++) {
    for (const { alpha, beta } of excitations) {
      gates.push({ type: 'rotation', kind: 'real', parameter: parameter++, angleScale: 1, alpha, beta });
    }
  }
  return new Circuit(layout, gates, parameter, hartreeFock(space));
}

function singles(nocc: number, norb: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let i = 0; i < nocc; i++) for (let a = nocc; a < norb; a++) out.push([i, a]);
  return out;
}

function sameSpinDoubles(nocc: number, norb: number): Array<[number, number, number, number]> {
  const out: Array<[number, number, number, number]> = [];
  for (let i = 0; i < nocc; i++) {
    for (let j = i + 1; j < nocc; j++) {
      for (let a = nocc; a < norb; a++) for (let b = a + 1; b < norb; b++) out.push([i, j, a, b]);
    }
  }
  return out;
}

/** Spin maps of fermionic excitations, shared between the excitations (and repetitions) that use them. */
class FermionMaps {
  private readonly cache = new Map<string, SpinMap>();

  constructor(private readonly table: StringTable) {}

  identity(count: number): SpinMap {
    return this.memo(`identity ${count}`, () => identityMap(this.table, [count]));
  }

  single(count: number, i: number, a: number): SpinMap {
    return this.memo(`single ${count} ${i} ${a}`, () =>
      mapStrings(this.table, [count], 0, (x) =>
        (x >>> i) & 1 && !((x >>> a) & 1)
          ? { to: (x & ~(1 << i)) | (1 << a), sign: excitationSign(x, a, i) }
          : null,
      ),
    );
  }

  double(count: number, [i, j, a, b]: [number, number, number, number]): SpinMap {
    const holes = (1 << i) | (1 << j);
    const particles = (1 << a) | (1 << b);
    return this.memo(`double ${count} ${i} ${j} ${a} ${b}`, () =>
      mapStrings(this.table, [count], 0, (x) =>
        (x & holes) === holes && (x & particles) === 0
          ? { to: (x & ~holes) | particles, sign: doubleExcitationSign(x, i, j, a, b) }
          : null,
      ),
    );
  }

  private memo(key: string, build: () => SpinMap): SpinMap {
    let map = this.cache.get(key);
    if (map === undefined) {
      map = build();
      this.cache.set(key, map);
    }
    return map;
  }
}
