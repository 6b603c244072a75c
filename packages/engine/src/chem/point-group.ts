import { eigh } from '../linalg/eigh.ts';
import type { Atom } from './molecule.ts';

/** D2h and its subgroups: the groups quantum chemistry programs name a molecule by (Psi4, PySCF, Molpro). */
export type AbelianPointGroup = 'D2h' | 'D2' | 'C2v' | 'C2h' | 'C2' | 'Cs' | 'Ci' | 'C1';

type Vector = readonly [number, number, number];
/** An orthonormal frame: its x, y and z axes. */
type Frame = readonly [Vector, Vector, Vector];

/** The operations of D2h, each as the signs it gives the x, y and z coordinates in its frame. */
const OPERATIONS = {
  c2z: [-1, -1, 1],
  c2y: [-1, 1, -1],
  c2x: [1, -1, -1],
  inversion: [-1, -1, -1],
  sigmaXy: [1, 1, -1],
  sigmaXz: [1, -1, 1],
  sigmaYz: [-1, 1, 1],
} as const satisfies Record<string, Vector>;
type Operation = keyof typeof OPERATIONS;

/** Two nuclei this close (bohr) count as one position: typed geometries carry 4–6 decimals of an ångström. */
const TOLERANCE_BOHR = 0.01;
/** Frames tried at most for a highly symmetric molecule (spherical and symmetric tops); plenty up to ~20 atoms. */
const MAX_FRAMES = 20_000;

/**
 * The molecule's largest Abelian point group, as quantum chemistry programs report it (the calculation itself
 * uses none: C1). Symmetry elements pass through the centre of nuclear charge, and their axes are principal
 * axes of the charge-weighted inertia tensor, since both are unchanged by every symmetry operation. Where
 * principal axes are degenerate (linear molecules, symmetric and spherical tops) the C2 axes and mirror planes
 * may lie anywhere in the degenerate space, so frames through atoms and between pairs of atoms are tried too.
 */
export function abelianPointGroup(atoms: readonly Atom[]): AbelianPointGroup {
  const positions = centred(atoms);
  let best: AbelianPointGroup = 'C1';
  for (const frame of candidateFrames(positions)) {
    const group = groupIn(frame, atoms, positions);
    if (ORDER[group] > ORDER[best]) best = group;
    if (best === 'D2h') break;
  }
  return best;
}

const ORDER: Record<AbelianPointGroup, number> = {
  D2h: 8,
  D2: 4,
  C2v: 4,
  C2h: 4,
  C2: 2,
  Cs: 2,
  Ci: 2,
  C1: 1,
};

function centred(atoms: readonly Atom[]): Vector[] {
  const total = atoms.reduce((sum, atom) => sum + atom.charge, 0);
  const centre = [0, 0, 0];
  for (const atom of atoms) {
    centre[0] += (atom.charge * atom.x) / total;
    centre[1] += (atom.charge * atom.y) / total;
    centre[2] += (atom.charge * atom.z) / total;
  }
  return atoms.map((atom) => [atom.x - centre[0], atom.y - centre[1], atom.z - centre[2]]);
}

function groupIn(frame: Frame, atoms: readonly Atom[], positions: readonly Vector[]): AbelianPointGroup {
  const coordinates = positions.map(
    (position) => frame.map((axis) => dot(axis, position)) as unknown as Vector,
  );
  const kept = new Set<Operation>();
  for (const operation of Object.keys(OPERATIONS) as Operation[]) {
    if (maps(OPERATIONS[operation], atoms, coordinates)) kept.add(operation);
  }
  return nameOf(kept);
}

/** Whether the operation takes every nucleus onto a nucleus of the same element. */
function maps(signs: Vector, atoms: readonly Atom[], coordinates: readonly Vector[]): boolean {
  return coordinates.every((point, i) => {
    const image = [signs[0] * point[0], signs[1] * point[1], signs[2] * point[2]];
    return coordinates.some(
      (other, j) =>
        atoms[j].charge === atoms[i].charge &&
        Math.hypot(other[0] - image[0], other[1] - image[1], other[2] - image[2]) < TOLERANCE_BOHR,
    );
  });
}

function nameOf(kept: ReadonlySet<Operation>): AbelianPointGroup {
  const rotations = (['c2x', 'c2y', 'c2z'] as const).filter((operation) => kept.has(operation)).length;
  const mirrors = (['sigmaXy', 'sigmaXz', 'sigmaYz'] as const).filter((operation) =>
    kept.has(operation),
  ).length;
  const inversion = kept.has('inversion');
  if (rotations === 3 && inversion) return 'D2h';
  if (rotations === 3) return 'D2';
  if (rotations === 1 && mirrors === 2) return 'C2v';
  if (rotations === 1 && inversion) return 'C2h';
  if (rotations === 1) return 'C2';
  if (mirrors === 1) return 'Cs';
  return inversion ? 'Ci' : 'C1';
}

/** The input's own axes, the principal axes, then (bounded) frames built from directions through the atoms. */
function* candidateFrames(positions: readonly Vector[]): Generator<Frame> {
  yield [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ];
  yield principalAxes(positions);
  const directions = atomDirections(positions);
  let tried = 0;
  for (const z of directions) {
    for (const d of directions) {
      // The part of d perpendicular to z: a symmetry element perpendicular to another is found as itself.
      const along = dot(d, z);
      const x = unit([d[0] - along * z[0], d[1] - along * z[1], d[2] - along * z[2]]);
      if (x === undefined) continue;
      if (++tried > MAX_FRAMES) return;
      yield [x, cross(z, x), z];
    }
  }
}

function principalAxes(positions: readonly Vector[]): Frame {
  const tensor = new Float64Array(9);
  for (const [x, y, z] of positions) {
    const r2 = x * x + y * y + z * z;
    const p = [x, y, z];
    for (let a = 0; a < 3; a++) {
      for (let b = 0; b < 3; b++) tensor[a * 3 + b] += (a === b ? r2 : 0) - p[a] * p[b];
    }
  }
  const { vectors } = eigh(tensor, 3);
  const column = (k: number): Vector => [vectors[k], vectors[3 + k], vectors[6 + k]];
  const x = column(0);
  const z = column(2);
  return [x, cross(z, x), z];
}

/**
 * Unit directions from the centre through each nucleus, through the midpoint of each pair, and along the axis
 * perpendicular to each pair's plane with the centre: every C2 axis and mirror-plane normal of a molecule runs
 * along one of them. Duplicates (either sense) are dropped.
 */
function atomDirections(positions: readonly Vector[]): Vector[] {
  const found: Vector[] = [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ];
  const add = (v: Vector) => {
    const direction = unit(v);
    if (direction && !found.some((known) => Math.abs(Math.abs(dot(known, direction)) - 1) < 1e-9)) {
      found.push(direction);
    }
  };
  positions.forEach((p, i) => {
    add(p);
    positions.slice(0, i).forEach((q) => {
      add([p[0] + q[0], p[1] + q[1], p[2] + q[2]]);
      add(cross(p, q));
    });
  });
  return found;
}

/** `v` scaled to length 1, or undefined when it is too short to have a direction. */
function unit(v: Vector): Vector | undefined {
  const length = Math.hypot(v[0], v[1], v[2]);
  return length < TOLERANCE_BOHR ? undefined : [v[0] / length, v[1] / length, v[2] / length];
}

const dot = (a: Vector, b: Vector) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vector, b: Vector): Vector => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
