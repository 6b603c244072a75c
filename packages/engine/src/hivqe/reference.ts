import { normaliseBasisName } from '../chem/basis/catalog.ts';
import type { CancelPoint } from '../ci/cancel.ts';
import { casci } from '../ci/casci.ts';
import type { ActiveSpaceHamiltonian } from '../types.ts';
import type { HiVqeParams } from './params.ts';

export { REFERENCE_MODES, referenceSkipReason, type ReferenceMode } from './reference-rule.ts';

/** CASCI energies already computed, by `referenceKey`. Any Map will do; the engine keeps one per process. */
export type ReferenceCache = Map<string, number>;

/** A cache of this size holds every molecule of a long bond scan; each entry is a few dozen bytes. */
const CACHE_ENTRIES = 256;
const processCache: ReferenceCache = new Map();

/** The CASCI energy depends on the molecule, its basis and its orbital spaces, and on nothing else. */
export function referenceKey(params: HiVqeParams): string {
  return JSON.stringify([
    sameGeometry(params.moleculeGeometry),
    params.charge,
    normaliseBasisName(params.basis),
    [...params.frozenOrbitals].sort((a, b) => a - b),
    [...params.activeOrbitals].sort((a, b) => a - b),
  ]);
}

/** One spelling per geometry: 'Li 0 0 0; H 0 0 1.60' and 'Li 0 0 0;H 0 0 1.6' are the same molecule. */
function sameGeometry(geometry: string): string {
  return geometry
    .split(';')
    .map((atom) => atom.trim().split(/\s+/))
    .filter((fields) => fields[0] !== '')
    .map(([element, ...xyz]) => [element, ...xyz.map((x) => String(Number(x)))].join(' '))
    .join(';');
}

/** Adds a reference, forgetting the oldest once the cache holds CACHE_ENTRIES. */
export function rememberReference(cache: ReferenceCache, key: string, energy: number): void {
  if (!cache.has(key) && cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(key, energy);
}

export interface Reference {
  energy: number;
  /** Wall time spent on it in this run: 0 when it came from the cache. */
  seconds: number;
  cached: boolean;
}

/** The CASCI energy, from `cache` when the same molecule, basis and spaces were computed before. */
export async function casciReference(
  ham: ActiveSpaceHamiltonian,
  params: HiVqeParams,
  cancel: CancelPoint,
  onLog: ((line: string) => void) | undefined,
  cache: ReferenceCache = processCache,
): Promise<Reference> {
  const key = referenceKey(params);
  const known = cache.get(key);
  const label = `CASCI (${ham.norb}o, ${ham.nalpha + ham.nbeta}e)`;
  if (known !== undefined) {
    onLog?.(`${label}: from the cache, E = ${known.toFixed(10)} Ha`);
    return { energy: known, seconds: 0, cached: true };
  }
  const started = performance.now();
  const result = await casci(ham, cancel);
  const seconds = (performance.now() - started) / 1000;
  const count = (n: number) => n.toLocaleString('en-US');
  const solved =
    result.solved < result.determinants ? ` (${count(result.solved)} in the lowest determinant's irrep)` : '';
  onLog?.(
    `${label}: ${count(result.determinants)} determinants${solved}, ` +
      `${result.iterations} Davidson iterations, ${seconds.toFixed(2)} s: E = ${result.energy.toFixed(10)} Ha`,
  );
  rememberReference(cache, key, result.energy);
  return { energy: result.energy, seconds, cached: false };
}
