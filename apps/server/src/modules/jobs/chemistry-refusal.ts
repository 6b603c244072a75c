import { EngineInputError, checkMoleculeInput, parseHiVqeParams, planReference } from '@hivqe/engine';
import type { JobKind } from '../../db/schema/jobs.ts';
import { engineRuns } from '../../providers/quantum/local/engine-runs.ts';

/**
 * Why the engine would refuse a job's chemistry, in its own words, or null: every molecule (a bond scan
 * has several) against its basis set, charge, orbital spaces and the engine's size limits. Asked of every
 * back end before anything is stored, so a job that cannot run is never created to fail later; so is a
 * compute_reference the engine could not honour (a space above its CASCI limit). The message
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
      const molecule = {
        geometry: params.moleculeGeometry,
        basis: params.basis,
        charge: params.charge,
        activeOrbitals: params.activeOrbitals,
        frozenOrbitals: params.frozenOrbitals,
      };
      const field =
        kind === 'iqm' || inScan ? `molecules["${run.hyperparameters.geometry_tag}"]` : 'molecule_geometry';
      const problem = checkMoleculeInput(molecule);
      if (problem !== null) return `${field}: ${problem.message}`;
      // A reference asked for (compute_reference) that the engine's CASCI limit rules out.
      const limit =
        params.reference === 'always'
          ? planReference({
              ...molecule,
              maxStates: params.maxStates,
              exactEnergy: null,
              computeReference: true,
            })?.limit
          : null;
      if (limit) return `compute_reference: ${field}: CASCI refused: ${limit}`;
    }
    return null;
  } catch (error) {
    if (error instanceof EngineInputError) return error.message;
    throw error;
  }
}
