import type { CancelPoint } from '../ci/cancel.ts';
import { rotateOrbitals } from '../ci/orbital-rotation.ts';
import type { ActiveSpaceHamiltonian } from '../types.ts';
import { savedOrbitals, type CheckpointOptions } from './checkpoint.ts';
import { isMetricLine, naturalOrbitalsLogLine } from './log-lines.ts';
import { runHiVqeLoop } from './loop.ts';
import { naturalOrbitals, oneParticleDensity } from './natural-orbitals.ts';
import type { HiVqeParams } from './params.ts';

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
