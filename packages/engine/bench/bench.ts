/**
 * `npm run bench:psi4 -w packages/engine [-- --rounds N] [--only TEXT] [--threads N]` (or the first part of
 * `npm run bench`): the engine against Psi4 on issue 13's cases (bench/psi4-cases.ts), in CPU seconds, both on
 * one thread: the engine uses no worker threads, and Psi4 runs with `-n 1` and its OpenMP/BLAS thread counts
 * pinned to 1. With `--threads N`, both on N threads (HIVQE_THREADS, `psi4 -n N`), in wall seconds. Each
 * engine case runs in a child process of its own (for its peak memory); each Psi4 job in a temporary
 * directory, which is removed (Psi4 leaves timer.dat and scratch files where it runs). Start-up is left out on
 * both sides: the engine's time is that of its computation, Psi4's less that of a job which only reads a
 * molecule. Within a round the two programs alternate case by case, so that load from elsewhere falls on
 * both; with several rounds each figure is the median; `--only` keeps the cases whose label contains TEXT.
 * Without the `psi4` command only the engine's figures are printed.
 * Then HI-VQE on N2 cc-pVDZ (10o,10e), with default parameters and with a sixteenth of the space.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildHamiltonian } from '../src/chem/index.ts';
import { CancelPoint } from '../src/ci/cancel.ts';
import { casci } from '../src/ci/casci.ts';
import { runHiVqeLoop } from '../src/hivqe/loop.ts';
import { parseHiVqeParams } from '../src/hivqe/params.ts';
import { BENCH_CASES, psi4Input, psi4SymmetryMeasured, type BenchCase } from './psi4-cases.ts';

interface Measurement {
  /** CPU seconds, user + system. */
  cpu: number;
  /** Wall seconds: what several threads save. */
  wall: number;
  /** RHF energy, or CASCI energy when the case has an active space (Ha). */
  energy: number;
  /** Peak resident memory (MiB); engine only. */
  peakMiB?: number;
}

/** Psi4's threads pinned whatever the environment says. */
function psi4Env(threads: number): Record<string, string> {
  const n = String(threads);
  return { OMP_NUM_THREADS: n, MKL_NUM_THREADS: n, OPENBLAS_NUM_THREADS: n };
}
const ENERGY_TOLERANCE = 1e-9;

async function engineCase(bench: BenchCase): Promise<Measurement> {
  const start = process.cpuUsage();
  const started = performance.now();
  const chem = buildHamiltonian({
    geometry: bench.geometry,
    basis: bench.basis,
    frozenOrbitals: bench.frozen,
    activeOrbitals: bench.active,
  });
  const energy =
    chem.hamiltonian === null ? chem.eRhf : (await casci(chem.hamiltonian, new CancelPoint())).energy;
  const used = process.cpuUsage(start);
  return {
    cpu: (used.user + used.system) / 1e6,
    wall: (performance.now() - started) / 1000,
    energy,
    peakMiB: process.resourceUsage().maxRSS / 1024,
  };
}

/**
 * One engine case in a child process (this script with --case), for a clean peak memory; on as many
 * threads (HIVQE_THREADS) as Psi4.
 */
function runEngine(index: number, threads: number): Measurement {
  const result = spawnSync(
    process.execPath,
    [...process.execArgv, process.argv[1], '--case', String(index)],
    { encoding: 'utf8', maxBuffer: 1 << 24, env: { ...process.env, HIVQE_THREADS: String(threads) } },
  );
  if (result.status !== 0) throw new Error(`engine case ${index} failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as Measurement;
}

/** Runs `work` in a fresh temporary directory, removed afterwards: Psi4 leaves files where it runs. */
function inTemporaryDirectory<T>(work: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'hivqe-bench-psi4-'));
  try {
    return work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** CPU seconds of a psi4 job, from the `times` of the shell that ran it, its wall seconds and its output. */
function runPsi4(input: string, threads: number): { cpu: number; wall: number; output: string } {
  return inTemporaryDirectory((dir) => {
    writeFileSync(join(dir, 'job.dat'), input);
    const started = performance.now();
    const result = spawnSync('sh', ['-c', `psi4 -n ${threads} job.dat job.out >/dev/null && times`], {
      cwd: dir,
      env: { ...process.env, ...psi4Env(threads), PSI_SCRATCH: dir },
      encoding: 'utf8',
    });
    const wall = (performance.now() - started) / 1000;
    if (result.status !== 0) throw new Error(`psi4 failed: ${result.stderr}`);
    // The second line of `times` is the children's user and system time.
    const [user, system] = [
      ...result.stdout
        .trim()
        .split('\n')[1]
        .matchAll(/(\d+)m([\d.]+)s/g),
    ].map(([, minutes, seconds]) => 60 * Number(minutes) + Number(seconds));
    return { cpu: user + system, wall, output: readFileSync(join(dir, 'job.out'), 'utf8') };
  });
}

function psi4Energy(output: string, bench: BenchCase): number {
  const pattern =
    bench.active.length === 0 ? /@RHF Final Energy:\s+(-?\d+\.\d+)/ : /DETCI Root 0 energy =\s+(-?\d+\.\d+)/;
  const match = pattern.exec(output);
  if (match === null) throw new Error(`no energy in Psi4's output for ${bench.label}`);
  return Number(match[1]);
}

/** Psi4's version, or null without the psi4 command. Even `psi4 --version` leaves a timer.dat behind. */
function psi4Available(): string | null {
  const version = inTemporaryDirectory((dir) =>
    spawnSync('psi4', ['--version'], { cwd: dir, encoding: 'utf8' }),
  );
  return version.error === undefined && version.status === 0 ? version.stdout.trim() : null;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

interface Row {
  bench: BenchCase;
  engine: Measurement[];
  psi4: Measurement[];
  psi4Symmetric: Measurement[];
}

function compare(rounds: number, psi4: boolean, only: string, threads: number): Row[] {
  const rows: Row[] = BENCH_CASES.map((bench) => ({ bench, engine: [], psi4: [], psi4Symmetric: [] }));
  const chosen = rows.filter((row) => row.bench.label.includes(only));
  if (chosen.length === 0) throw new Error(`--only ${only}: no case's label contains it`);
  const startup = () => runPsi4('molecule {\nH 0 0 0\nH 0 0 0.74\n}\n', threads);
  for (let round = 1; round <= rounds; round++) {
    console.error(`round ${round} of ${rounds}`);
    const psi4Startup = psi4 ? startup() : { cpu: 0, wall: 0 };
    chosen.forEach((row) => {
      row.engine.push(runEngine(rows.indexOf(row), threads));
      if (!psi4) return;
      const job = (symmetry: boolean): Measurement => {
        const { cpu, wall, output } = runPsi4(psi4Input(row.bench, symmetry), threads);
        return {
          cpu: cpu - psi4Startup.cpu,
          wall: wall - psi4Startup.wall,
          energy: psi4Energy(output, row.bench),
        };
      };
      row.psi4.push(job(false));
      if (psi4SymmetryMeasured(row.bench)) row.psi4Symmetric.push(job(true));
    });
  }
  return chosen;
}

/** One thread: CPU seconds (what load elsewhere disturbs least); several: wall seconds, what they save. */
function seconds(threads: number): { unit: string; of: (m: Measurement) => number } {
  return threads === 1 ? { unit: 's CPU', of: (m) => m.cpu } : { unit: 's wall', of: (m) => m.wall };
}

function printTable(rows: Row[], psi4: boolean, threads: number): void {
  const { unit, of } = seconds(threads);
  const header = psi4
    ? `| case | engine (${unit}) | engine peak (MiB) | Psi4 C1 (${unit}) | Psi4 ÷ engine | max abs(ΔE) (Ha) |`
    : `| case | engine (${unit}) | engine peak (MiB) |`;
  console.log(header);
  console.log(header.replace(/[^|]+/g, '---'));
  for (const { bench, engine, psi4: psi4Runs, psi4Symmetric } of rows) {
    const engineCpu = median(engine.map(of));
    const peak = Math.max(...engine.map((m) => m.peakMiB ?? 0)).toFixed(0);
    if (!psi4) {
      console.log(`| ${bench.label} | ${engineCpu.toFixed(2)} | ${peak} |`);
      continue;
    }
    const reference = psi4Runs[0].energy;
    const deviation = Math.max(...[...engine, ...psi4Runs].map((m) => Math.abs(m.energy - reference)));
    const flag = deviation > ENERGY_TOLERANCE ? ' (disagree)' : '';
    const psi4Cpu = median(psi4Runs.map(of));
    console.log(
      `| ${bench.label} | ${engineCpu.toFixed(2)} | ${peak} | ${psi4Cpu.toFixed(2)} | ` +
        `${(psi4Cpu / engineCpu).toFixed(2)} | ${deviation.toExponential(1)}${flag} |`,
    );
    if (psi4Symmetric.length > 0) {
      const symmetric = median(psi4Symmetric.map(of));
      console.log(
        `| ${bench.label}, Psi4 with its D2h symmetry | ${engineCpu.toFixed(2)} | ${peak} | ` +
          `${symmetric.toFixed(2)} | ${(symmetric / engineCpu).toFixed(2)} | |`,
      );
    }
  }
}

/** A sixteenth of the determinant space: issue 13's headline subspace for a (10o,10e) case. */
const HEADLINE_FRACTION = 16;

async function benchHiVqe(): Promise<void> {
  const bench = BENCH_CASES[0];
  const ham = buildHamiltonian({
    geometry: bench.geometry,
    basis: bench.basis,
    frozenOrbitals: bench.frozen,
    activeOrbitals: bench.active,
  }).hamiltonian;
  if (ham === null) throw new Error('no active space');
  const exact = await casci(ham, new CancelPoint());
  const capped = Math.round(exact.determinants / HEADLINE_FRACTION);
  for (const [label, extra] of [
    ['default parameters', {}],
    [`max_states ${capped} (1/${HEADLINE_FRACTION} of the space)`, { max_states: capped }],
  ] as const) {
    const params = parseHiVqeParams({
      molecule_geometry: bench.geometry,
      basis: bench.basis,
      seed: 0,
      ...extra,
    });
    const start = process.cpuUsage();
    const run = await runHiVqeLoop(ham, params, exact.energy, {}, new CancelPoint());
    const used = process.cpuUsage(start);
    console.log(
      `HI-VQE, ${bench.label}, ${label}, seed 0: ${((used.user + used.system) / 1e6).toFixed(2)} s CPU, ` +
        `${run.iterations} iterations, ${run.numStates} of ${exact.determinants} determinants, ` +
        `error ${((run.energy - exact.energy) * 1000).toFixed(3)} mHa`,
    );
  }
}

const { values } = parseArgs({
  options: {
    case: { type: 'string' },
    rounds: { type: 'string' },
    only: { type: 'string' },
    threads: { type: 'string' },
  },
});
if (values.case !== undefined) {
  console.log(JSON.stringify(await engineCase(BENCH_CASES[Number(values.case)])));
} else {
  const rounds = Number(values.rounds ?? '1');
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds takes a positive integer');
  const threads = Number(values.threads ?? '1');
  if (!Number.isInteger(threads) || threads < 1) throw new Error('--threads takes a positive integer');
  const version = psi4Available();
  console.log(
    version === null
      ? 'Psi4: the psi4 command is not installed here; the engine alone.'
      : `Psi4 ${version}: -n ${threads}, OMP/MKL/OpenBLAS threads ${threads}, scf_type pk, detci; ` +
          `engine: HIVQE_THREADS ${threads}.`,
  );
  console.log(
    `${threads === 1 ? 'CPU' : 'Wall'} seconds without start-up, ` +
      `${rounds === 1 ? 'one round' : `median of ${rounds} rounds`}.\n`,
  );
  printTable(compare(rounds, version !== null, values.only ?? '', threads), version !== null, threads);
  console.log();
  await benchHiVqe();
}
