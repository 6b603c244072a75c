import { describe, expect, it } from 'vitest';
import { buildBasisSet, type BasisSet, type Shell } from '../src/chem/basis/shells.ts';
import { buildHamiltonian } from '../src/chem/index.ts';
import { boys, boysBySeries, BOYS_MAX_ORDER } from '../src/chem/integrals/boys.ts';
import { electronRepulsionIntegrals } from '../src/chem/integrals/eri.ts';
import { QuartetKernel } from '../src/chem/integrals/eri-quartet.ts';
import { oneElectronIntegrals } from '../src/chem/integrals/one-electron.ts';
import { buildShellPair } from '../src/chem/integrals/shell-pairs.ts';
import { parseMolecule, type Molecule } from '../src/chem/molecule.ts';
import { pairIndex } from '../src/linalg/packed.ts';

describe('Boys function', () => {
  it('matches the convergent series to 1e-14 (relative), on both sides of the switch to asymptotics', () => {
    const out = new Float64Array(BOYS_MAX_ORDER + 1);
    const points = [
      0, 1e-9, 0.003, 0.05, 0.049999, 0.12, 1, 2.5, 5.55, 11.1, 17.3, 29.99, 35.05, 39.96, 40, 40.01, 45, 60,
      150,
    ];
    for (const t of points) {
      boys(BOYS_MAX_ORDER, t, out);
      for (let n = 0; n <= BOYS_MAX_ORDER; n++) {
        const exact = boysBySeries(n, t);
        expect(Math.abs(out[n] - exact) / exact).toBeLessThan(1e-14);
      }
    }
  });

  it('matches the asymptotic form (2n−1)!!/2^(n+1)·√(π/T^(2n+1)) for large T', () => {
    const out = new Float64Array(BOYS_MAX_ORDER + 1);
    for (const t of [1e3, 1e4]) {
      boys(BOYS_MAX_ORDER, t, out);
      let doubleFactorial = 1;
      for (let n = 0; n <= BOYS_MAX_ORDER; n++) {
        if (n > 0) doubleFactorial *= 2 * n - 1;
        const asymptotic = (doubleFactorial / 2 ** (n + 1)) * Math.sqrt(Math.PI / t ** (2 * n + 1));
        expect(Math.abs(out[n] - asymptotic) / asymptotic).toBeLessThan(1e-13);
      }
    }
  });

  it('gives F_n(0) = 1/(2n+1)', () => {
    const out = new Float64Array(BOYS_MAX_ORDER + 1);
    boys(BOYS_MAX_ORDER, 0, out);
    for (let n = 0; n <= BOYS_MAX_ORDER; n++) expect(out[n]).toBeCloseTo(1 / (2 * n + 1), 15);
  });
});

describe('one-electron integrals', () => {
  it('make every spherical function of every basis set normalised', () => {
    const molecule = parseMolecule('Ar 0 0 0;C 0 0 2.1;N 1.5 0.3 -0.4;Li -1 1 1;H 0.5 -1.5 0.7;H 0 0 -1');
    for (const basis of ['sto-3g', '6-31g**', 'cc-pvqz', 'aug-cc-pvtz']) {
      const { nbf } = buildBasisSet(molecule, basis);
      const { overlap } = oneElectronIntegrals(buildBasisSet(molecule, basis), molecule.atoms);
      for (let i = 0; i < nbf; i++) expect(Math.abs(overlap[i * nbf + i] - 1)).toBeLessThan(1e-13);
    }
  });

  it('make one-centre functions of different (l, m) orthogonal, up to g (no r² contamination)', () => {
    const molecule = parseMolecule('Ar 0 0 0');
    const basis = buildBasisSet(molecule, 'cc-pvqz');
    const { overlap } = oneElectronIntegrals(basis, molecule.atoms);
    const labels = functionLabels(basis);
    for (let i = 0; i < basis.nbf; i++) {
      for (let j = 0; j < i; j++) {
        if (labels[i] !== labels[j]) expect(Math.abs(overlap[i * basis.nbf + j])).toBeLessThan(1e-14);
      }
    }
  });

  it('reproduce Szabo & Ostlund’s STO-3G H2 values at 1.4 bohr', () => {
    const molecule = parseMolecule(`H 0 0 0;H 0 0 ${1.4 * 0.52917721092}`);
    const basis = buildBasisSet(molecule, 'sto-3g');
    const { overlap, kinetic, nuclear } = oneElectronIntegrals(basis, molecule.atoms);
    expect(overlap[1]).toBeCloseTo(0.6593, 4);
    expect(kinetic[0]).toBeCloseTo(0.76, 4);
    expect(kinetic[1]).toBeCloseTo(0.2365, 4);
    expect(nuclear[0]).toBeCloseTo(-1.2266 - 0.6538, 4);
    expect(nuclear[1]).toBeCloseTo(-2 * 0.5974, 4);
    const eri = electronRepulsionIntegrals(basis);
    const at = (i: number, j: number, k: number, l: number): number =>
      eri.get(pairIndex(i, j), pairIndex(k, l));
    expect(at(0, 0, 0, 0)).toBeCloseTo(0.7746, 4);
    expect(at(0, 0, 1, 1)).toBeCloseTo(0.5697, 4);
    expect(at(1, 0, 0, 0)).toBeCloseTo(0.4441, 4);
    expect(at(1, 0, 1, 0)).toBeCloseTo(0.297, 4);
  });
});

describe('two-electron integrals', () => {
  it('do not depend on which pair of a quartet is taken as the bra', () => {
    const molecule = parseMolecule('N 0 0 0;O 0.3 0.2 1.2;H 1 -0.5 0.2');
    const basis = buildBasisSet(molecule, 'cc-pvdz');
    const kernel = new QuartetKernel();
    const [s, , , , d] = basis.shells;
    const pairs = [
      buildShellPair(s, s),
      buildShellPair(basis.shells[6], d),
      buildShellPair(basis.shells[9], s),
    ];
    for (const bra of pairs) {
      for (const ket of pairs) {
        kernel.compute(bra, ket);
        const forward = Float64Array.from(kernel.out.subarray(0, bra.nab * ket.nab));
        kernel.compute(ket, bra);
        for (let ab = 0; ab < bra.nab; ab++) {
          for (let cd = 0; cd < ket.nab; cd++) {
            expect(kernel.out[cd * bra.nab + ab]).toBeCloseTo(forward[ab * ket.nab + cd], 13);
          }
        }
      }
    }
  });

  it('are rotation invariant up to g functions (norm of each shell-quartet block)', () => {
    const geometry = (r: (v: number[]) => number[]): string =>
      [
        ['Li', 0.1, -0.2, 0.3],
        ['H', 0.9, 0.8, 1.4],
      ]
        .map(([symbol, ...xyz]) => `${symbol} ${r(xyz as number[]).join(' ')}`)
        .join(';');
    const rotate = rotation(0.7, -1.1, 2.3);
    const norms = [geometry((v) => v), geometry(rotate)].map((g) => quartetNorms(parseMolecule(g)));
    for (let i = 0; i < norms[0].length; i++) expect(norms[1][i]).toBeCloseTo(norms[0][i], 11);
  });
});

describe('total energy', () => {
  it('is invariant under rotation and translation of the molecule (cc-pVTZ, up to f)', () => {
    const water: [string, number, number, number][] = [
      ['O', 0, 0, 0.1173],
      ['H', 0, 0.7572, -0.4692],
      ['H', 0, -0.7572, -0.4692],
    ];
    const rotate = rotation(0.3, 1.2, -0.5);
    const moved = water
      .map(([symbol, ...xyz]) => {
        const [x, y, z] = rotate(xyz);
        return `${symbol} ${x + 1.3} ${y - 0.4} ${z + 2.2}`;
      })
      .join(';');
    const energy = (geometry: string): number =>
      buildHamiltonian({ geometry, basis: 'cc-pvtz', activeOrbitals: [], frozenOrbitals: [] }).eRhf;
    expect(energy(moved)).toBeCloseTo(energy(water.map((atom) => atom.join(' ')).join(';')), 9);
  });
});

/** Labels 'l,m' for each basis function, to tell which one-centre overlaps must vanish by symmetry. */
function functionLabels(basis: BasisSet): string[] {
  const labels: string[] = [];
  for (const shell of basis.shells) {
    for (let k = 0; k < shell.contractions; k++)
      for (let m = 0; m <= 2 * shell.l; m++) labels.push(`${shell.l},${m}`);
  }
  return labels;
}

/**
 * Frobenius norms of (ab|cd) blocks over the high-l shells of LiH/cc-pVQZ (Li g, H f, both d). Real
 * solid harmonics of one shell mix orthogonally under rotation, so these norms are invariant.
 */
function quartetNorms(molecule: Molecule): number[] {
  const basis = buildBasisSet(molecule, 'cc-pvqz');
  const shells = basis.shells.filter((shell: Shell) => shell.l >= 2).slice(-6);
  const kernel = new QuartetKernel();
  const pairs = shells.flatMap((a, i) => shells.slice(0, i + 1).map((b) => buildShellPair(a, b)));
  const norms: number[] = [];
  for (let i = 0; i < pairs.length; i++) {
    for (let j = 0; j <= i; j++) {
      kernel.compute(pairs[i], pairs[j]);
      let sum = 0;
      for (let k = 0; k < pairs[i].nab * pairs[j].nab; k++) sum += kernel.out[k] ** 2;
      norms.push(Math.sqrt(sum));
    }
  }
  return norms;
}

/** Rotation by Euler angles (z–y–z). */
function rotation(alpha: number, beta: number, gamma: number): (v: number[]) => number[] {
  const rz = (angle: number, [x, y, z]: number[]): number[] => [
    Math.cos(angle) * x - Math.sin(angle) * y,
    Math.sin(angle) * x + Math.cos(angle) * y,
    z,
  ];
  const ry = (angle: number, [x, y, z]: number[]): number[] => [
    Math.cos(angle) * x + Math.sin(angle) * z,
    y,
    -Math.sin(angle) * x + Math.cos(angle) * z,
  ];
  return (v) => rz(alpha, ry(beta, rz(gamma, v)));
}
