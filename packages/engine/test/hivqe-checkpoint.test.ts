import { beforeAll, describe, expect, it } from 'vitest';
import { CancelPoint } from '../src/ci/cancel.ts';
import { runHiVqeLoop, type LoopResult } from '../src/hivqe/loop.ts';
import { parseHiVqeParams } from '../src/hivqe/params.ts';
import {
  EngineInputError,
  isAbortError,
  lineDevice,
  runHiVqe,
  sampleNative,
  type LoopCheckpoint,
  type NativeCircuit,
  type SampleContext,
  type Sampler,
} from '../src/index.ts';
import type { ActiveSpaceHamiltonian, IterationPoint } from '../src/types.ts';
import { n2Sto3g } from './support/n2-sto3g.ts';
import { fullDevice } from './support/native.ts';

/**
 * N2 STO-3G, 8 active orbitals, room for 196 determinants: the handover converges at iteration 8 and
 * the samples then refine its subspace (and add strings) until max_iter.
 */
const HYPERPARAMETERS = {
  basis: 'sto-3g',
  active_orbitals: [2, 3, 4, 5, 6, 7, 8, 9],
  max_states: 196,
  max_expansion_states: 8,
  max_iter: 10,
};
let ham: ActiveSpaceHamiltonian;
beforeAll(() => {
  ham = n2Sto3g();
});

/**
 * A stand-in quantum computer whose counts depend only on the circuit and the call's key, as a service
 * that finds the job an interrupted run submitted: a repeated call gets the same counts.
 */
function keyedSampler(): Sampler & { keys: string[] } {
  const device = fullDevice(16);
  const keys: string[] = [];
  return {
    device,
    keys,
    async sample(circuits: NativeCircuit[], shots: number, _signal?: AbortSignal, context?: SampleContext) {
      if (context === undefined) throw new Error('no sample context');
      keys.push(context.key);
      return circuits.map((c, i) => sampleNative(c, device.qubits, shots, 2 * Number(context.key) + i));
    },
  };
}

interface Outcome {
  result: LoopResult;
  points: IterationPoint[];
  lines: string[];
  saved: LoopCheckpoint[];
}

/** One loop run; `stopAfter` aborts it from inside the save of that iteration. Checkpoints go through JSON. */
async function run(
  sampler: Sampler | undefined,
  options: { resume?: LoopCheckpoint; stopAfter?: number; hyperparameters?: Record<string, unknown> } = {},
): Promise<Outcome | LoopCheckpoint> {
  const controller = new AbortController();
  const points: IterationPoint[] = [];
  const lines: string[] = [];
  const saved: LoopCheckpoint[] = [];
  const promise = runHiVqeLoop(
    ham,
    parseHiVqeParams({ ...HYPERPARAMETERS, ...options.hyperparameters }),
    null,
    { onIteration: (point) => points.push(point), onLog: (line) => lines.push(line) },
    new CancelPoint(controller.signal),
    sampler,
    undefined,
    {
      resume: options.resume,
      save: async (checkpoint) => {
        saved.push(JSON.parse(JSON.stringify(checkpoint)) as LoopCheckpoint);
        if (checkpoint.iteration === options.stopAfter) controller.abort();
      },
    },
  );
  if (options.stopAfter === undefined) return { result: await promise, points, lines, saved };
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isAbortError(error)).toBe(true);
  return saved.at(-1)!;
}

/** Everything a run reports, but the wall-clock timestamps. */
function comparable(result: LoopResult) {
  return { ...result, history: result.history.map(({ timestamp: _, ...point }) => point) };
}

describe.each([
  ['simulated shots', () => undefined],
  ['a sampler', keyedSampler],
])('a run interrupted and resumed from its checkpoint, with %s', (_, makeSampler) => {
  it('ends exactly as the uninterrupted run, whether interrupted in the handover or the refining stage', async () => {
    const whole = (await run(makeSampler())) as Outcome;
    const refiningLine = whole.lines.find((line) => line.includes('from now on the circuit'));
    const refiningAt = Number(/^iteration (\d+):/.exec(refiningLine ?? '')?.[1]);
    expect(refiningAt).toBeGreaterThan(2);
    expect(refiningAt).toBeLessThan(whole.result.iterations - 1);
    expect(whole.saved.map((c) => c.iteration)).toEqual(whole.result.history.map((_, i) => i + 1));
    expect(whole.result.provenance.sampled).toBeGreaterThan(0);

    // After iteration 1 SPSA has just calibrated its step; then one iteration in each stage.
    for (const stopAfter of [1, refiningAt - 2, refiningAt + 1]) {
      const checkpoint = (await run(makeSampler(), { stopAfter })) as LoopCheckpoint;
      expect(checkpoint.iteration).toBe(stopAfter);
      expect(checkpoint.refining).toBe(stopAfter > refiningAt);
      if (stopAfter === 1) expect(checkpoint.spsaRate).not.toBeNull();
      const sampler = makeSampler();
      const resumed = (await run(sampler, { resume: checkpoint })) as Outcome;
      expect(comparable(resumed.result)).toEqual(comparable(whole.result));
      // Restored iterations are reported in the history, not streamed again.
      expect(resumed.points).toEqual(whole.result.history.slice(stopAfter).map(() => expect.anything()));
      expect(resumed.points.map((p) => p.costFunctionCall)).toEqual(
        whole.result.history.slice(stopAfter).map((p) => p.costFunctionCall),
      );
      expect(resumed.lines).toContain(`HI-VQE resumed after iteration ${stopAfter}`);
      if (sampler !== undefined) {
        const keys = (sampler as ReturnType<typeof keyedSampler>).keys;
        expect(keys).toEqual(whole.result.history.slice(stopAfter).map((_, i) => String(stopAfter + 1 + i)));
      }
    }
  });
});

describe('a checkpoint of a subspace above CHECKPOINT_VECTOR_LIMIT', () => {
  it('leaves the ground state out; the resumed run diagonalises the subspace again and ends the same', async () => {
    const whole = (await run(undefined)) as Outcome;
    const checkpoint = (await run(undefined, { stopAfter: 3 })) as LoopCheckpoint;
    expect(checkpoint.subspace.vector.length).toBe(checkpoint.subspace.strings.length ** 2);
    const withoutVector = { ...checkpoint, subspace: { ...checkpoint.subspace, vector: [] } };
    const resumed = (await run(undefined, { resume: withoutVector })) as Outcome;
    expect(resumed.result.energy).toBeCloseTo(whole.result.energy, 8);
    expect(resumed.result.numStates).toBe(whole.result.numStates);
    expect(resumed.lines).toContain('HI-VQE resumed after iteration 3');
  });
});

describe('checkpoints that do not fit are refused', () => {
  let checkpoint: LoopCheckpoint;
  beforeAll(async () => {
    checkpoint = (await run(undefined, { stopAfter: 2 })) as LoopCheckpoint;
  });
  const refused = async (resume: unknown, hyperparameters?: Record<string, unknown>) => {
    const error: unknown = await run(undefined, { resume: resume as LoopCheckpoint, hyperparameters }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EngineInputError);
    return (error as Error).message;
  };

  it('another version, another space, another circuit or seed', async () => {
    expect(await refused({ ...checkpoint, version: 2 })).toMatch(/version 2/);
    expect(await refused({ ...checkpoint, norb: 6 })).toMatch(/norb 6/);
    expect(await refused(checkpoint, { ansatz_reps: 1 })).toMatch(/numParameters/);
    expect(await refused(checkpoint, { seed: 7 })).toMatch(/seed/);
  });

  it('a malformed state', async () => {
    expect(await refused(null)).toMatch(/not an object/);
    expect(await refused({ ...checkpoint, theta: checkpoint.theta.slice(1) })).toMatch(/malformed theta/);
    expect(await refused({ ...checkpoint, rng: [1, 2] })).toMatch(/malformed rng/);
    const subspace = { ...checkpoint.subspace, vector: checkpoint.subspace.vector.slice(1) };
    expect(await refused({ ...checkpoint, subspace })).toMatch(/malformed subspace/);
    expect(await refused({ ...checkpoint, history: [] })).toMatch(/malformed history/);
  });
});

describe('runHiVqe', () => {
  const H2 = {
    molecule_geometry: 'H 0 0 0;H 0 0 0.74',
    basis: 'sto-3g',
    active_orbitals: [0, 1],
    frozen_orbitals: [],
  };

  it('saves and resumes through RunOptions.checkpoint, with a sampler getting each call’s key', async () => {
    const device = lineDevice(4);
    const keys: string[] = [];
    const sampler: Sampler = {
      device,
      async sample(circuits, shots, _signal, context) {
        keys.push(context?.key ?? '');
        return circuits.map((c, i) => sampleNative(c, device.qubits, shots, 2 * Number(context?.key) + i));
      },
    };
    const saved: LoopCheckpoint[] = [];
    const whole = await runHiVqe(H2, { sampler, checkpoint: { save: (c) => void saved.push(c) } });
    expect(keys).toEqual(whole.history.map((_, i) => String(i + 1)));
    expect(saved).toHaveLength(whole.iterations);
    const resumed = await runHiVqe(H2, { sampler, checkpoint: { resume: saved[0] } });
    expect(resumed.energy).toBe(whole.energy);
    expect(resumed.history.map((p) => p.energy)).toEqual(whole.history.map((p) => p.energy));
    await expect(runHiVqe(H2, { checkpoint: { resume: { ...saved[0], nalpha: 2 } } })).rejects.toThrow(
      EngineInputError,
    );
  });
});
