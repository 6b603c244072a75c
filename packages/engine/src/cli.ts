import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { EngineInputError } from './chem/errors.ts';
import { isAbortError } from './ci/cancel.ts';
import { METHODS, runHiVqe, type EngineResult, type Method } from './hivqe/run.ts';

const USAGE = `usage: hivqe run --input job.json [--method rhf|casci|hivqe] [--seed N]
                 [--sampling on|off] [--handover on|off] [--reference auto|always|never]
                 [--simulator auto|statevector|mps] [--orbitals canonical|natural] [--json]

  --input   JSON file with the job's hyperparameters (create-payload names: molecule_geometry, basis,
            active_orbitals, frozen_orbitals, ansatz, shots, max_iter, ...), at the top level or
            under "hyperparameters"
  --method  rhf, casci or hivqe (default hivqe: RHF, the CASCI reference if wanted, then HI-VQE)
  --seed    seed of the circuit parameters, sampling and SPSA (default 0)
  --sampling off   ablation: no circuit, only the handover adds strings (default on)
  --handover off   ablation: only the circuit's samples and their recovery add strings (default on)
  --reference      HI-VQE's CASCI reference: always, never, or auto (default: only when the job gives
                   no exact_energy and the full space is within max_states)
  --simulator      what simulates the circuit: statevector (exact, up to 2^24 amplitudes), mps (a
                   matrix-product state; the input's mps_bond_dimension, default 64, and mps_cutoff,
                   default 1e-10, bound it), or auto (default: the state vector where it fits)
  --orbitals       the orbitals HI-VQE works over: canonical (default, the RHF orbitals) or natural
                   (those of a first, classical run at a sixteenth of max_states)
  --json    print the result as one JSON object on stdout
Progress goes to stderr. Exit status: 0 done, 2 bad input, 1 other failure, 130 interrupted.`;

/** Exit statuses: the CLI's contract with scripts. */
const EXIT = { ok: 0, failure: 1, badInput: 2, interrupted: 130 } as const;

/** Flags that set the engine-only hyperparameter of the same name (checked where the hyperparameters are). */
const HYPERPARAMETER_FLAGS = ['seed', 'reference', 'simulator', 'orbitals'] as const;

class UsageError extends Error {}
class HelpRequest extends Error {}

async function main(argv: string[]): Promise<number> {
  let options: CliOptions;
  try {
    options = readOptions(argv);
  } catch (error) {
    if (error instanceof HelpRequest) {
      process.stdout.write(`${USAGE}\n`);
      return EXIT.ok;
    }
    process.stderr.write(`hivqe: ${messageOf(error)}\n${USAGE}\n`);
    return EXIT.badInput;
  }

  const controller = new AbortController();
  const interrupt = () => controller.abort();
  process.once('SIGINT', interrupt);
  try {
    const hyperparameters = readJob(options.input);
    Object.assign(hyperparameters, options.overrides);
    const result = await runHiVqe(hyperparameters, {
      method: options.method,
      sampling: options.sampling,
      handover: options.handover,
      signal: controller.signal,
      onLog: (line) => process.stderr.write(`${line}\n`),
    });
    process.stdout.write(options.json ? `${JSON.stringify(toJson(result))}\n` : summary(result));
    return EXIT.ok;
  } catch (error) {
    process.stderr.write(`hivqe: ${messageOf(error)}\n`);
    if (error instanceof EngineInputError || error instanceof UsageError) return EXIT.badInput;
    return isAbortError(error) ? EXIT.interrupted : EXIT.failure;
  } finally {
    process.off('SIGINT', interrupt);
  }
}

interface CliOptions {
  input: string;
  method: Method;
  /** The flags that set a hyperparameter of the same name, where given: they win over the input's. */
  overrides: Partial<Record<(typeof HYPERPARAMETER_FLAGS)[number], string>>;
  sampling: boolean;
  handover: boolean;
  json: boolean;
}

function readOptions(argv: string[]): CliOptions {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      input: { type: 'string' },
      method: { type: 'string', default: 'hivqe' },
      seed: { type: 'string' },
      reference: { type: 'string' },
      simulator: { type: 'string' },
      orbitals: { type: 'string' },
      sampling: { type: 'string', default: 'on' },
      handover: { type: 'string', default: 'on' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) throw new HelpRequest();
  if (positionals.length !== 1 || positionals[0] !== 'run')
    throw new UsageError('expected the command "run"');
  if (values.input === undefined) throw new UsageError('--input is required');
  const method = METHODS.find((m) => m === values.method);
  if (method === undefined) throw new UsageError(`--method must be one of ${METHODS.join(', ')}`);
  return {
    input: values.input,
    method,
    overrides: Object.fromEntries(
      HYPERPARAMETER_FLAGS.flatMap((flag) => (values[flag] === undefined ? [] : [[flag, values[flag]]])),
    ),
    sampling: onOff('--sampling', values.sampling),
    handover: onOff('--handover', values.handover),
    json: values.json,
  };
}

function onOff(name: string, value: string): boolean {
  if (value === 'on') return true;
  if (value === 'off') return false;
  throw new UsageError(`${name} must be on or off, got ${JSON.stringify(value)}`);
}

function readJob(path: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${messageOf(error)}`);
  }
  let job: unknown;
  try {
    job = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${path} is not valid JSON: ${messageOf(error)}`);
  }
  if (!isRecord(job)) throw new UsageError(`${path} must hold a JSON object of hyperparameters`);
  return isRecord(job.hyperparameters) ? { ...job.hyperparameters } : job;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toJson(result: EngineResult) {
  return {
    e_nuc: result.eNuc,
    e_rhf: result.eRhf,
    e_casci: result.eCasci,
    energy: result.energy,
    num_states: result.numStates,
    iterations: result.iterations,
    history: result.history,
    provenance: result.provenance,
    seconds: result.seconds,
    reference_seconds: result.referenceSeconds,
    leading_determinants: result.leadingDeterminants,
    perturbative_estimate: result.perturbativeEstimate,
  };
}

function summary(result: EngineResult): string {
  const lines = [
    `nuclear repulsion  ${result.eNuc.toFixed(10)} Ha`,
    `RHF                ${result.eRhf.toFixed(10)} Ha`,
    `CASCI              ${result.eCasci === null ? 'not computed' : `${result.eCasci.toFixed(10)} Ha`}`,
    `energy             ${result.energy.toFixed(10)} Ha (${result.numStates} determinants, ${result.iterations} iterations)`,
    ...(result.perturbativeEstimate === null
      ? []
      : [
          `estimate           ${result.perturbativeEstimate.toFixed(10)} Ha (with its second-order correction; not a bound)`,
        ]),
    `new strings        ${result.provenance.sampled} sampled, ${result.provenance.recovered} recovered, ${result.provenance.handover} handover`,
    `wall time          ${result.seconds.toFixed(2)} s` +
      (result.referenceSeconds === null ? '' : ` (CASCI ${result.referenceSeconds.toFixed(2)} s of it)`),
  ];
  return `${lines.join('\n')}\n`;
}

process.exitCode = await main(process.argv.slice(2));
