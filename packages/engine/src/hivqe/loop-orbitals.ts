import { EngineInputError } from '../chem/errors.ts';
import type { CancelPoint } from '../ci/cancel.ts';
import { rotateOrbitals } from '../ci/orbital-rotation.ts';
import type { ActiveSpaceHamiltonian } from '../types.ts';
import type { CheckpointOptions, LoopCheckpoint } from './checkpoint.ts';
import { isMetricLine, naturalOrbitalsLogLine } from './log-lines.ts';
import { runHiVqeLoop } from './loop.ts';
import { naturalOrbitals, oneParticleDensity } from './natural-orbitals.ts';
import type { HiVqeParams, OrbitalChoice } from './params.ts';

/**
 * The first run's share of max_states: a sixteenth of the determinants (a quarter of the strings per
 * spin). Natural orbitals converge long before the energy does: on N2 (16o,10e) those of a run of 62,500
 * determinants halved the error of one of 10^6 (docs/engine.md, "Natural orbitals").
 */
const FIRST_RUN_SHARE = 16;

/**
 * The Hamiltonian the HI-VQE loop works over and the checkpoint options that go with it. With `orbitals`
 * canonical, the given ones. With natural, the Hamiltonian over the natural orbitals of a first run, on the
 * same hyperparameters at a sixteenth of max_states with the handover alone (classical and deterministic,
 * like the RHF before it: no shots are spent on it), or over those a resumed checkpoint saved; each
 * checkpoint then carries them.
 */
export async function loopOrbitals(
  ham: ActiveSpaceHamiltonian,
  params: HiVqeParams,
  checkpoint: CheckpointOptions,
  cancel: CancelPoint,
  onLog?: (line: string) => void,
): Promise<{ ham: ActiveSpaceHamiltonian; checkpoint: CheckpointOptions }> {
  const saved = savedOrbitals(checkpoint.resume, params.orbitals, ham.norb);
  if (params.orbitals === 'canonical') return { ham, checkpoint };
  const rotation = saved ?? (await firstRunOrbitals(ham, params, cancel, onLog));
  const save = checkpoint.save;
  return {
    ham: rotateOrbitals(ham, rotation),
    checkpoint: {
      resume: checkpoint.resume,
      save: save && ((state) => save({ ...state, orbitals: Array.from(rotation) })),
    },
  };
}

async function firstRunOrbitals(
  ham: ActiveSpaceHamiltonian,
  params: HiVqeParams,
  cancel: CancelPoint,
  onLog?: (line: string) => void,
): Promise<Float64Array> {
  const started = performance.now();
  const maxStates = Math.ceil(params.maxStates / FIRST_RUN_SHARE);
  // Its progress is logged, marked as the first run's; its metric lines are not, or a chart would draw
  // this run's iterations as the job's.
  const onFirstLog = (line: string) => {
    if (!isMetricLine(line)) onLog?.(`natural orbitals, first run: ${line}`);
  };
  const first = await runHiVqeLoop(
    ham,
    { ...params, maxStates },
    null,
    { onLog: onFirstLog },
    cancel,
    undefined,
    {
      sampling: false,
      handover: true,
    },
  );
  const { occupations, rotation } = naturalOrbitals(oneParticleDensity(first.subspace, ham.norb), ham.norb);
  onLog?.(
    naturalOrbitalsLogLine(first.energy, first.numStates, occupations, (performance.now() - started) / 1000),
  );
  return rotation;
}

/**
 * The rotation a checkpoint saved, checked, or null where it has none; refuses one saved over other
 * orbitals than this run's, or not a rotation of this space.
 */
function savedOrbitals(
  resume: LoopCheckpoint | undefined,
  choice: OrbitalChoice,
  norb: number,
): Float64Array | null {
  if (resume === undefined) return null;
  const refuse = (what: string) => new EngineInputError(`checkpoint refused: ${what}`);
  // From storage: checked before it is trusted.
  const saved: unknown = resume.orbitals;
  if (saved === undefined) {
    if (choice === 'natural')
      throw refuse('saved over the canonical orbitals, and this run asks for natural ones');
    return null;
  }
  if (choice === 'canonical')
    throw refuse('saved over natural orbitals, and this run asks for the canonical ones');
  if (
    !Array.isArray(saved) ||
    saved.length !== norb * norb ||
    !saved.every(Number.isFinite) ||
    !isRotation(saved, norb)
  )
    throw refuse('malformed orbitals');
  return Float64Array.from(saved as number[]);
}

/** Uᵀ·U = 1 to rounding: anything else would change the Hamiltonian, not only its basis. */
function isRotation(u: readonly number[], n: number): boolean {
  for (let k = 0; k < n; k++) {
    for (let l = 0; l <= k; l++) {
      let dot = 0;
      for (let p = 0; p < n; p++) dot += u[p * n + k] * u[p * n + l];
      if (Math.abs(dot - (k === l ? 1 : 0)) > 1e-9) return false;
    }
  }
  return true;
}
