/**
 * `npm run bench -w packages/engine`: N2 cc-pVDZ at 1.0 Å, frozen 0,1, active 2..11 (10o, 10e,
 * 63,504 determinants, 20 qubits). Times this engine's integrals + RHF, CASCI and HI-VQE (default
 * parameters, seed 0), then — when the `psi4` command exists — Psi4's RHF + CASCI (detci) on the same
 * input, with and without point-group symmetry, and prints the ratios. Wall and CPU time are both
 * shown: on a shared machine CPU time is the steadier comparison.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildHamiltonian } from '../src/chem/index.ts';
import { CancelPoint } from '../src/ci/cancel.ts';
import { casci } from '../src/ci/casci.ts';
import { runHiVqeLoop } from '../src/hivqe/loop.ts';
import { parseHiVqeParams } from '../src/hivqe/params.ts';

const GEOMETRY = 'N 0 0 0;N 0 0 1.0';
const FROZEN = [0, 1];
const ACTIVE = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
/** Reference values (shared/engine.md), to show each program got the right answer. */
const REFERENCE = { rhf: -108.929838386, casci: -109.003781139 };

interface Cost {
  wall: number;
  cpu: number;
}

const row = (label: string, value: string) => console.log(`${label.padEnd(40)}${value}`);
const show = (cost: Cost) => `${cost.wall.toFixed(2)} s wall, ${cost.cpu.toFixed(2)} s CPU`;

async function measure<T>(work: () => T | Promise<T>): Promise<{ value: T; cost: Cost }> {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const value = await work();
  const used = process.cpuUsage(cpu);
  return { value, cost: { wall: (performance.now() - wall) / 1000, cpu: (used.user + used.system) / 1e6 } };
}

async function benchEngine(): Promise<Cost> {
  console.log('HI-VQE engine (TypeScript, one thread), N2 cc-pVDZ 1.0 Å, frozen 0,1, active 2..11');
  const chem = await measure(() =>
    buildHamiltonian({
      geometry: GEOMETRY,
      basis: 'cc-pvdz',
      activeOrbitals: ACTIVE,
      frozenOrbitals: FROZEN,
    }),
  );
  const ham = chem.value.hamiltonian;
  if (ham === null) throw new Error('no active space');
  const { integrals, scf, transform } = chem.value.timings;
  row(
    'integrals + RHF',
    `${(integrals + scf).toFixed(2)} s  (integrals ${integrals.toFixed(2)}, SCF ${scf.toFixed(2)})`,
  );
  row('  + active-space transform', `${transform.toFixed(2)} s; all chemistry ${show(chem.cost)}`);
  row('  RHF energy', `${chem.value.eRhf.toFixed(9)} Ha  (reference ${REFERENCE.rhf})`);

  const exact = await measure(() => casci(ham, new CancelPoint()));
  row(
    'CASCI (10o,10e)',
    `${show(exact.cost)}  (${exact.value.determinants} determinants, ${exact.value.iterations} Davidson iterations)`,
  );
  row('  CASCI energy', `${exact.value.energy.toFixed(9)} Ha  (reference ${REFERENCE.casci})`);

  const params = parseHiVqeParams({ molecule_geometry: GEOMETRY, basis: 'cc-pvdz', seed: 0 });
  const hivqe = await measure(() => runHiVqeLoop(ham, params, exact.value.energy, {}, new CancelPoint()));
  row('HI-VQE (default parameters, seed 0)', `${show(hivqe.cost)}  (${hivqe.value.iterations} iterations)`);
  row('  subspace', `${hivqe.value.numStates} determinants of ${exact.value.determinants}`);
  row('  HI-VQE energy', `${hivqe.value.energy.toFixed(9)} Ha`);
  row('  error vs CASCI', `${((hivqe.value.energy - exact.value.energy) * 1000).toFixed(3)} mHa`);
  return { wall: chem.cost.wall + exact.cost.wall, cpu: chem.cost.cpu + exact.cost.cpu };
}

/** D2h irreps in Psi4's order: Ag B1g B2g B3g Au B1u B2u B3u. MOs 2..11 are 2-4ag, 2-3b1u, 1-2b2u, 1b3u, 1b2g, 1b3g. */
const PSI4_SPACES = {
  d2h: { label: 'D2h symmetry', frozen: '[1,0,0,0,0,1,0,0]', active: '[3,0,1,1,0,2,2,1]' },
  c1: { label: 'no symmetry (C1)', frozen: '[2]', active: '[10]' },
};

function psi4Input(kind: keyof typeof PSI4_SPACES | 'startup'): string {
  const molecule = `molecule {\n0 1\nN 0 0 0\nN 0 0 1.0\nunits angstrom\n${kind === 'c1' ? 'symmetry c1\n' : ''}}\n`;
  if (kind === 'startup') return molecule;
  const { frozen, active } = PSI4_SPACES[kind];
  return (
    `memory 2 gb\n${molecule}` +
    'set basis cc-pvdz\nset puream true\nset scf_type pk\n' +
    'set e_convergence 1e-10\nset d_convergence 1e-8\nset r_convergence 1e-5\n' +
    `set frozen_docc ${frozen}\nset active ${active}\nenergy('detci')\n`
  );
}

/** Runs psi4 through sh, whose `times` reports the CPU time of its children. */
function runPsi4(dir: string, kind: keyof typeof PSI4_SPACES | 'startup'): { cost: Cost; output: string } {
  writeFileSync(join(dir, `${kind}.dat`), psi4Input(kind));
  const start = performance.now();
  const result = spawnSync('sh', ['-c', `psi4 -n 1 ${kind}.dat ${kind}.out >/dev/null && times`], {
    cwd: dir,
    env: { ...process.env, PSI_SCRATCH: dir },
    encoding: 'utf8',
  });
  const wall = (performance.now() - start) / 1000;
  if (result.status !== 0) throw new Error(`psi4 failed: ${result.stderr}`);
  const [user, system] = [
    ...result.stdout
      .trim()
      .split('\n')[1]
      .matchAll(/(\d+)m([\d.]+)s/g),
  ].map(([, minutes, seconds]) => 60 * Number(minutes) + Number(seconds));
  return { cost: { wall, cpu: user + system }, output: readFileSync(join(dir, `${kind}.out`), 'utf8') };
}

function benchPsi4(engine: Cost): void {
  console.log('');
  // Psi4 leaves timer.dat and scratch files in its working directory: keep them out of the repository.
  const dir = mkdtempSync(join(tmpdir(), 'hivqe-bench-psi4-'));
  try {
    const version = spawnSync('psi4', ['--version'], { cwd: dir, encoding: 'utf8' });
    if (version.error !== undefined) {
      console.log('Psi4: the psi4 command is not installed here; comparison skipped.');
      return;
    }
    console.log(`Psi4 ${version.stdout.trim()} (one thread, scf_type pk, detci), same input`);
    const startup = runPsi4(dir, 'startup').cost;
    row('psi4 start-up alone', show(startup));
    for (const kind of ['d2h', 'c1'] as const) {
      const { cost, output } = runPsi4(dir, kind);
      const rhf = Number(/@RHF Final Energy:\s+(-?\d+\.\d+)/.exec(output)?.[1]);
      const ci = Number(/DETCI Root 0 energy =\s+(-?\d+\.\d+)/.exec(output)?.[1]);
      const work = { wall: cost.wall - startup.wall, cpu: cost.cpu - startup.cpu };
      row(`psi4 RHF + CASCI, ${PSI4_SPACES[kind].label}`, `${show(cost)}; without start-up ${show(work)}`);
      row('  energies', `RHF ${rhf.toFixed(9)}, CASCI ${ci.toFixed(9)} Ha`);
      row(
        '  psi4 ÷ engine (RHF + CASCI)',
        `${(work.wall / engine.wall).toFixed(2)}× wall, ${(work.cpu / engine.cpu).toFixed(2)}× CPU ` +
          `(engine ${show(engine)})`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

benchPsi4(await benchEngine());
