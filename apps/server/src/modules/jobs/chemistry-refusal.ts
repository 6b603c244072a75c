import { EngineInputError, checkMoleculeInput, parseHiVqeParams } from '@hivqe/engine';
import type { JobKind } from '../../db/schema/jobs.ts';
import { engineRuns } from '../../providers/quantum/local/engine-runs.ts';

/**
 * Why the engine would refuse a job's chemistry, in its own words, or null: every molecule (a bond scan
 * has several) against its basis set, charge, orbital spaces and the engine's size limits. Asked of every
 * back end before anything is stored, so a job that cannot run is never created to fail later. The message
 * names the molecule: the payload field of a single molecule, the bond length of a scan's (an IQM job's
 * molecules, or a cloud job that is one molecule of a bond scan: `inScan`).
 */
export function chemistryRefusal(
  kind: JobKind,
  hyperparameters: Readonly<Record<string, string>>,
  inScan = false,
): string | null {
  try {
    for (const run of engineRuns(kind, hyperparameters)) {
      const params = parseHiVqeParams(run.hyperparameters);
      const problem = checkMoleculeInput({
        geometry: params.moleculeGeometry,
        basis: params.basis,
        charge: params.charge,
        activeOrbitals: params.activeOrbitals,
        frozenOrbitals: params.frozenOrbitals,
      });
      if (problem !== null) {
        const field =
          kind === 'iqm' || inScan ? `molecules["${run.hyperparameters.geometry_tag}"]` : 'molecule_geometry';
        return `${field}: ${problem.message}`;
      }
    }
    return null;
  } catch (error) {
    if (error instanceof EngineInputError) return error.message;
    throw error;
  }
}
