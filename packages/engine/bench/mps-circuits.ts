/**
 * `npx tsx bench/mps-circuits.ts [--cases epa:10,epa:16:10,…] [--bond 256] [--cutoff 1e-10]`: the
 * matrix-product-state simulator on the ansatz circuits the loop samples, each case (ansatz:active
 * orbitals[:reps], half filled up to 5+5 electrons, circular entanglement, 2 reps unless given) in a child process of its own for its
 * peak memory. The angles are uniform in ±1 rad (how the non-MP2 ansätze start, the most entangling
 * circuits SPSA visits). Prints the circuit's size on the line, the bond dimension it reached and the weight
 * dropped, wall seconds to run it and to draw 1,000 shots, and peak RSS.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CancelPoint } from '../src/ci/cancel.ts';
import { ansatzProgram } from '../src/hivqe/ansatz/index.ts';
import { MatrixProductState } from '../src/hivqe/mps/mps.ts';
import { sampleMps } from '../src/hivqe/mps/mps-sample.ts';
import { siteGates } from '../src/hivqe/mps/site-gates.ts';
import { exportProgram } from '../src/hivqe/native/export.ts';
import { lineDevice } from '../src/hivqe/native/line-device.ts';
import { ANSATZE, type AnsatzName } from '../src/hivqe/params.ts';
import { Xoshiro128 } from '../src/hivqe/rng.ts';

const { values } = parseArgs({
  options: {
    cases: {
      type: 'string',
      default: 'epa:10,epa:16,epa:26,epa:30,hardware_efficient:16,hardware_efficient:30,epa:30:10',
    },
    bond: { type: 'string', default: '64' },
    cutoff: { type: 'string', default: '1e-10' },
    child: { type: 'string' },
  },
});

if (values.child !== undefined) {
  const [ansatz, orbitals, reps = '2'] = values.child.split(':');
  if (!ANSATZE.includes(ansatz as AnsatzName)) throw new Error(`unknown ansatz ${ansatz}`);
  const norb = Number(orbitals);
  const electrons = Math.min(5, Math.floor(norb / 2));
  const space = { norb, nalpha: electrons, nbeta: electrons };
  const program = ansatzProgram(space, {
    ansatz: ansatz as AnsatzName,
    entanglement: 'circular',
    reps: Number(reps),
  });
  const rng = new Xoshiro128(1);
  const theta = Float64Array.from({ length: program.numParameters }, () => 2 * rng.next() - 1);
  const device = lineDevice(2 * norb);
  const circuit = exportProgram(program, theta, device, 'bench');
  const started = performance.now();
  const mps = new MatrixProductState(2 * norb, {
    maxBond: Number(values.bond),
    cutoff: Number(values.cutoff),
  });
  for (const gate of siteGates(circuit.instructions, (q) => device.qubits.indexOf(q))) {
    if (gate.type === 'single') mps.applySingle(gate.site, gate.u);
    else mps.applyPair(gate.site, gate.u);
  }
  const ran = performance.now();
  const outcomes = await sampleMps(mps, 1000, new Xoshiro128(2), new CancelPoint());
  console.log(
    JSON.stringify({
      qubits: 2 * norb,
      cz: circuit.instructions.filter((i) => i.name === 'cz').length,
      bond: mps.largestBond,
      discarded: mps.discardedWeight,
      runS: (ran - started) / 1000,
      sampleS: (performance.now() - ran) / 1000,
      outcomes: outcomes.size,
      peakMiB: process.resourceUsage().maxRSS / 1024,
    }),
  );
} else {
  console.log(
    `matrix-product-state simulation, bond dimension at most ${values.bond}, cutoff ${values.cutoff}, θ uniform in ±1 rad`,
  );
  console.log(
    '  circuit                  qubits     cz   bond  discarded   run s  1,000 shots s  outcomes  peak MiB',
  );
  for (const name of values.cases.split(',')) {
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        fileURLToPath(import.meta.url),
        '--child',
        name,
        '--bond',
        values.bond,
        '--cutoff',
        values.cutoff,
      ],
      { encoding: 'utf8', maxBuffer: 1 << 20 },
    );
    if (run.status !== 0) throw new Error(run.stderr);
    const r = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}');
    console.log(
      `  ${name.padEnd(22)} ${String(r.qubits).padStart(7)} ${String(r.cz).padStart(6)} ${String(r.bond).padStart(6)}` +
        `  ${r.discarded.toExponential(1).padStart(9)} ${r.runS.toFixed(2).padStart(7)} ${r.sampleS.toFixed(2).padStart(14)}` +
        ` ${String(r.outcomes).padStart(9)} ${r.peakMiB.toFixed(0).padStart(9)}`,
    );
  }
}
