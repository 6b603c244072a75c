import type { CancelPoint } from '../ci/cancel.ts';
import { binomial } from '../ci/strings.ts';
import type { ActiveSpaceHamiltonian, IterationPoint } from '../types.ts';
import { orbitalChain } from './ansatz/chain.ts';
import { ansatzProgram } from './ansatz/index.ts';
import { hartreeFock, type ActiveSpace } from './ansatz/space.ts';
import {
  checkCheckpoint,
  restoredHistory,
  restoredSubspace,
  toCheckpoint,
  type CheckpointOptions,
  type CheckpointOwner,
} from './checkpoint.ts';
import { ConvergenceRule, MIN_GAIN } from './convergence.ts';
import { handover } from './handover.ts';
import { initialParameters } from './initial.ts';
import { leadingDeterminants, type LeadingDeterminant } from './leading-determinants.ts';
import { energyMetricLine, iterationLogLine, perturbativeLogLine, refiningLogLine } from './log-lines.ts';
import { DeviceShots } from './native/device-shots.ts';
import type { Sampler } from './native/types.ts';
import type { HiVqeParams } from './params.ts';
import { selectPerturbatively } from './perturbative.ts';
import { Prober, type ProbeResult } from './probe.ts';
import { refine } from './refine.ts';
import {
  addProvenance,
  ALL_SOURCES,
  attribute,
  emptyProvenance,
  type Provenance,
  type StringSources,
} from './provenance.ts';
import type { SampleTally } from './recovery.ts';
import { Xoshiro128 } from './rng.ts';
import { simulatedShots, type ShotSource } from './shots.ts';
import { Spsa } from './spsa.ts';
import { determinantCount, diagonalise, grow, rankByScore, screen, type Subspace } from './subspace.ts';

/** While growing, the loop diagonalises up to this factor more strings than it keeps (2× the determinants). */
const WORK_FACTOR = Math.SQRT2;
/**
 * One iteration at most doubles the subspace's strings (4× its determinants), keeping the candidates of
 * largest weight, so that the convergence rule can stop the growth before max_states once the energy
 * has settled (a step that changes the energy by less than convergence_abstol), and each step selects
 * among more candidates than it keeps.
 */
const GROWTH_FACTOR = 2;
/** How many sampled strings one iteration of the refining stage tries, each with a few diagonalisations. */
const REFINE_TRIES = 16;

export interface LoopCallbacks {
  onIteration?: (point: IterationPoint) => void;
  onLog?: (line: string) => void;
}

export interface LoopResult {
  energy: number;
  numStates: number;
  /** The final subspace (one string set serves both spins) and its ground state. */
  subspace: Subspace;
  iterations: number;
  history: IterationPoint[];
  converged: boolean;
  tally: SampleTally;
  /** New strings over the whole run, by source (strings later screened or truncated away included). */
  provenance: Provenance;
  /** The final ground state's determinants of largest weight. */
  leadingDeterminants: LeadingDeterminant[];
}

/**
 * The HI-VQE iteration (shared/engine.md §7). Each iteration: SPSA probes the circuit at θ ± c·Δ
 * (sample, repair or drop, and diagonalise the subspace with the new strings: the two cost-function
 * calls), steps θ, merges new strings into the subspace (`grow`), diagonalises, screens, counts where
 * the new strings came from, and tests convergence.
 * With both sources the run has two stages. The handover grows the subspace until the convergence rule
 * is met, while SPSA trains the circuit against the subspace energy, and its stage ends with the perturbative
 * selection (`selectPerturbatively`, up to max_states); then the circuit's samples alone
 * (this iteration's, then every earlier one's) refine that subspace at the size reached, first in a batch
 * (`grow`) and then one string at a time (`refine`), each change kept only where it lowers the energy,
 * until convergence_count iterations have lowered it by less than MIN_GAIN. Admitted from the start,
 * the samples sent the greedy selection to other local optima, more often worse than better
 * (docs/engine.md, Ablations); refining the handover's result, they can only lower its energy. With the
 * rule off (convergence_count 0) there is no point at which the handover is done, and both sources are
 * admitted from the first iteration.
 * The shots come from the engine's state-vector simulation or, given a `sampler`, from a quantum computer.
 * `sources` switches the samples or the handover off (an ablation); without samples no circuit is run.
 */
export async function runHiVqeLoop(
  ham: ActiveSpaceHamiltonian,
  params: HiVqeParams,
  reference: number | null,
  callbacks: LoopCallbacks,
  cancel: CancelPoint,
  sampler?: Sampler,
  sources: StringSources = ALL_SOURCES,
  checkpoint: CheckpointOptions = {},
): Promise<LoopResult> {
  const space: ActiveSpace = {
    norb: ham.norb,
    nalpha: ham.nalpha,
    nbeta: ham.nbeta,
    chain: orbitalChain(ham),
  };
  const program = ansatzProgram(space, {
    ansatz: params.ansatz,
    entanglement: params.ansatzEntanglement,
    reps: params.ansatzReps,
  });
  const owner: CheckpointOwner = {
    norb: ham.norb,
    nalpha: ham.nalpha,
    nbeta: ham.nbeta,
    numParameters: program.numParameters,
    seed: params.seed,
  };
  const resumed = checkpoint.resume === undefined ? null : checkCheckpoint(checkpoint.resume, owner);
  const rng = new Xoshiro128(params.seed);
  const theta = initialParameters(ham, program, rng);
  const spsa = new Spsa(rng, theta);
  let rule = new ConvergenceRule(
    params.convergenceCount,
    params.convergenceAbstol,
    params.resetConvergenceCount,
  );
  // A refining step gains far less than convergence_abstol, so that rule would end the stage after
  // convergence_count iterations whatever they found: it goes on while the samples lower the energy.
  const refiningRule = () =>
    new ConvergenceRule(params.convergenceCount, MIN_GAIN, params.resetConvergenceCount);
  // The refining stage comes only after a handover stage that can end (see above).
  const staged = sources.sampling && sources.handover && params.convergenceCount > 0;
  let refining = false;
  // Every string the circuit has sampled so far, with its shots, and those measured as such (not repaired):
  // once samples are admitted, those of earlier iterations are offered too, after the current ones, so
  // that the shots of the handover's stage are not spent in vain.
  const sampledSoFar = new Map<number, number>();
  const measuredSoFar = new Set<number>();
  const allStrings = binomial(ham.norb, ham.nalpha);
  const capStrings = Math.min(Math.floor(Math.sqrt(params.maxStates)), allStrings);
  const workStrings = Math.max(capStrings, Math.min(Math.floor(WORK_FACTOR * capStrings), allStrings));
  // With a sampler the circuit is never simulated: the device samples it.
  // Without sampling (an ablation) no circuit is run at all.
  const shots: ShotSource | null = !sources.sampling
    ? null
    : sampler !== undefined
      ? new DeviceShots(sampler, program, params.shots, cancel, callbacks.onLog)
      : simulatedShots(program, params, rng, cancel, callbacks.onLog);
  const probe = new Prober(ham, params, rng, cancel, workStrings);
  callbacks.onLog?.(
    `HI-VQE: ${params.ansatz} ansatz on ${2 * ham.norb} qubits, ${program.numParameters} parameters, ` +
      `${shots?.description ?? 'sampling off'}; ${sources.handover ? 'handover on' : 'handover off'}; ` +
      `subspace of at most ${capStrings} strings per spin (${(capStrings ** 2).toLocaleString('en-US')} determinants)`,
  );

  // On resume, the subspace's ground state comes back exactly (the next diagonalisation starts from it),
  // or, for a subspace too large to save it, is diagonalised again.
  let current =
    resumed === null
      ? await diagonalise(ham, [hartreeFock(space)[0]], null, cancel)
      : await restoredSubspace(resumed, ham, cancel);
  // Strings tried against the current subspace that did not make the cut: not offered again until the
  // subspace changes, so that at max_states each iteration tries different candidates.
  let rejected = new Set<number>();
  const history: IterationPoint[] = [];
  const tally: SampleTally = { kept: 0, repaired: 0, dropped: 0 };
  const provenance = emptyProvenance();
  let converged = false;
  if (resumed !== null) {
    // The state after the checkpoint's iteration, the generator and SPSA's calibration included, so the
    // run goes on as if never interrupted.
    theta.set(resumed.theta);
    rng.restore(resumed.rng);
    spsa.calibratedRate = resumed.spsaRate;
    refining = resumed.refining;
    if (refining) rule = refiningRule();
    rule.restore(resumed.rule);
    converged = resumed.converged;
    rejected = new Set(resumed.rejected);
    for (const [x, count] of resumed.sampledSoFar) sampledSoFar.set(x, count);
    for (const x of resumed.measuredSoFar) measuredSoFar.add(x);
    history.push(...restoredHistory(resumed));
    Object.assign(tally, resumed.tally);
    addProvenance(provenance, resumed.provenance);
    callbacks.onLog?.(`HI-VQE resumed after iteration ${resumed.iteration}`);
  }
  for (
    let iteration = (resumed?.iteration ?? 0) + 1;
    iteration <= params.maxIter && !converged;
    iteration++
  ) {
    let probes: [ProbeResult, ProbeResult] | null = null;
    if (shots !== null) {
      const { delta, size } = spsa.perturbation(iteration);
      probes = await shots.probe(
        shifted(theta, delta, size),
        shifted(theta, delta, -size),
        iteration,
        (samples) => probe.evaluate(samples, current),
      );
      const [plus, minus] = probes;
      spsa.step(theta, delta, size, plus.energy, minus.energy, iteration);
      for (const side of probes) {
        tally.kept += side.tally.kept;
        tally.repaired += side.tally.repaired;
        tally.dropped += side.tally.dropped;
      }
    }

    const size = current.strings.size;
    const stepStrings =
      rule.settled || refining ? size : Math.min(capStrings, Math.ceil(GROWTH_FACTOR * size));
    // A string turned away only for want of room is offered again once the subspace may grow.
    if (stepStrings > size) rejected = new Set();
    const sampledCounts = new Map<number, number>();
    for (const side of probes ?? []) addCounts(sampledCounts, side.counts);
    addCounts(sampledSoFar, sampledCounts);
    for (const x of probes?.flatMap((side) => [...side.measured]) ?? []) measuredSoFar.add(x);
    const sampling = !staged || refining;
    const handed =
      sources.handover && !refining ? handover(ham, current, params.maxExpansionStates, rejected) : null;
    const fresh = (list: readonly number[]) => list.filter((x) => !rejected.has(x));
    const samples = sampling
      ? [fresh(rankByScore(sampledCounts)), fresh(earlierSamples(sampledSoFar, sampledCounts, current))]
      : [];
    // Beside the handover the samples are one source; without it, this iteration's come first and are
    // also tried on their own (grow tries its first source alone), then the earlier ones.
    const lists = handed === null ? samples : [fresh(handed.strings), samples.flat()];
    const previous = current;
    let grown = await grow(
      ham,
      current,
      lists,
      stepStrings,
      Math.min(workStrings, Math.max(stepStrings, Math.floor(WORK_FACTOR * stepStrings))),
      cancel,
    );
    // While refining, the samples are then tried one at a time, each in a weak string's place, and a string
    // once turned away by that stays so: each iteration tries strings not tried before.
    if (refining) grown = await refine(ham, grown.subspace, samples.flat(), REFINE_TRIES, cancel);
    else if (grown.subspace !== previous) rejected = new Set();
    for (const x of grown.rejected) rejected.add(x);
    current = await screen(ham, grown.subspace, params.amplitudeScreeningTolerance, cancel);
    converged = rule.record(current.energy - previous.energy);
    // The handover's stage ends with the perturbative selection, classical like the handover itself.
    const selected =
      converged && sources.handover && !refining
        ? await selectPerturbatively(ham, current, capStrings, params.convergenceAbstol, WORK_FACTOR, cancel)
        : null;
    if (selected !== null) current = selected.subspace;
    const before = new Set(previous.strings.strings);
    const added = Array.from(current.strings.strings).filter((x) => !before.has(x));
    const classical = new Set([...(handed?.strings ?? []), ...(selected?.added ?? [])]);
    const origins = attribute(added, classical, measuredSoFar);
    addProvenance(provenance, origins);

    const point: IterationPoint = {
      costFunctionCall: 2 * iteration,
      energy: current.energy,
      error: reference === null ? Number.NaN : current.energy - reference,
      numStates: determinantCount(current),
      timestamp: new Date().toISOString(),
    };
    history.push(point);
    callbacks.onIteration?.(point);
    callbacks.onLog?.(iterationLogLine(iteration, point, current.strings.size, probes, handed, origins));
    if (selected !== null) callbacks.onLog?.(perturbativeLogLine(iteration, selected));
    callbacks.onLog?.(energyMetricLine(point, iteration));
    if (converged && staged && !refining) {
      refining = true;
      converged = false;
      rule = refiningRule();
      rejected = new Set();
      callbacks.onLog?.(refiningLogLine(iteration, point));
    }
    await checkpoint.save?.(
      toCheckpoint(iteration, owner, {
        theta,
        rng: rng.state,
        spsaRate: spsa.calibratedRate,
        rule: rule.state,
        refining,
        converged,
        current,
        rejected,
        sampledSoFar,
        measuredSoFar,
        history,
        tally,
        provenance,
      }),
    );
    await cancel.pause();
  }
  return {
    energy: current.energy,
    numStates: determinantCount(current),
    subspace: current,
    iterations: history.length,
    history,
    converged,
    tally,
    provenance,
    leadingDeterminants: leadingDeterminants(current, ham.norb),
  };
}

function shifted(theta: Float64Array, delta: Float64Array, size: number): Float64Array {
  return theta.map((t, i) => t + size * delta[i]);
}

/** Strings sampled in earlier iterations, not this one's and not in the subspace, by their shots so far. */
export function earlierSamples(
  sampledSoFar: ReadonlyMap<number, number>,
  now: ReadonlyMap<number, number>,
  current: Subspace,
): number[] {
  const earlier = new Map<number, number>();
  for (const [x, count] of sampledSoFar) {
    if (!now.has(x) && current.strings.indexOf(x) < 0) earlier.set(x, count);
  }
  return rankByScore(earlier);
}

/** Adds `part`'s shots to `total`, string by string. */
function addCounts(total: Map<number, number>, part: ReadonlyMap<number, number>): void {
  for (const [x, count] of part) total.set(x, (total.get(x) ?? 0) + count);
}
