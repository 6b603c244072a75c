import { EngineInputError, parseHiVqeParams } from '@hivqe/engine';
import type { JobKind } from '../../../db/schema/jobs.ts';

/** One engine computation: a molecule with its hyperparameters; `label` names it in the logs of a scan. */
export interface EngineRun {
  label: string | null;
  hyperparameters: Record<string, string>;
}

/**
 * The engine computations of a job. A cloud job carries one molecule in the engine's own hyperparameter
 * names. An IQM job carries a bond scan (molecules and exact energies keyed by bond length, max_iterations):
 * one computation per molecule, in the order the user entered them.
 */
export function engineRuns(kind: JobKind, hyperparameters: Readonly<Record<string, string>>): EngineRun[] {
  if (kind === 'hybrid') return [{ label: null, hyperparameters: { ...hyperparameters } }];
  const molecules = readMap(hyperparameters, 'molecules');
  // Optional: a molecule without an exact energy is compared with the engine's CASCI.
  const energies =
    hyperparameters.exact_energies === undefined ? {} : readMap(hyperparameters, 'exact_energies');
  return Object.entries(molecules).map(([bond, geometry]) => ({
    label: `Molecule at bond length ${bond} Å: ${String(geometry)}`,
    hyperparameters: {
      ...hyperparameters,
      molecule_geometry: String(geometry),
      ...(energies[bond] === undefined ? {} : { exact_energy: String(energies[bond]) }),
      geometry_tag: bond,
      max_iter: hyperparameters.max_iterations,
    },
  }));
}

/** Why the engine cannot run these hyperparameters, in the engine's words; null when it can. */
export function engineRefusal(
  kind: JobKind,
  hyperparameters: Readonly<Record<string, string>>,
): string | null {
  try {
    for (const run of engineRuns(kind, hyperparameters)) parseHiVqeParams(run.hyperparameters);
    return null;
  } catch (error) {
    if (error instanceof EngineInputError) return error.message;
    throw error;
  }
}

function readMap(hyperparameters: Readonly<Record<string, string>>, name: string): Record<string, unknown> {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(hyperparameters[name] ?? 'null');
  } catch {
    // Left null: refused below with the parameter's name.
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new EngineInputError(`${name} must be a map keyed by bond length`);
  }
  return { ...parsed };
}
