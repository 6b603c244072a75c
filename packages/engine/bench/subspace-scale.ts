/**
 * `npx tsx bench/subspace-scale.ts [--sizes 1e5,1e6,1e7] [--threads 1,2]`: one subspace diagonalisation (the HI-VQE loop's
 * `diagonalise`, strings × strings, Davidson from no guess) at each size on N2 cc-pVDZ at 1.1 Å, frozen 0,1,
 * (16o,10e) (issue 29's first case: 4,368 strings per spin, 19,079,424 determinants in all). The subspace is the
 * √size strings nearest Hartree-Fock (fewest electrons moved, then the lowest orbitals). Each size runs in a
 * child process of its own, for its peak memory; prints wall and CPU seconds, peak RSS and the energy, once per
 * thread count of H·C (HIVQE_THREADS in the child), and each count's speed-up over the first, size by size.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildHamiltonian } from '../src/chem/index.ts';
import { CancelPoint } from '../src/ci/cancel.ts';
import { enumerateStrings, popcount } from '../src/ci/strings.ts';
import { diagonalise } from '../src/hivqe/subspace.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1e5,1e6' },
    threads: { type: 'string', default: '1,2' },
    child: { type: 'string' },
  },
});

if (values.child !== undefined) {
  const ham = buildHamiltonian({
    geometry: 'N 0 0 0;N 0 0 1.1',
    basis: 'cc-pvdz',
    frozenOrbitals: [0, 1],
    activeOrbitals: range(2, 17),
  }).hamiltonian;
  if (ham === null) throw new Error('no active space');
  const hf = (1 << ham.nalpha) - 1;
  const moved = (x: number) => popcount(x & ~hf);
  const orbitalSum = (x: number) => {
    let sum = 0;
    for (let p = 0; p < ham.norb; p++) if ((x >>> p) & 1) sum += p;
    return sum;
  };
  const count = Math.round(Math.sqrt(Number(values.child)));
  const strings = [...enumerateStrings(ham.norb, ham.nalpha)]
    .sort((a, b) => moved(a) - moved(b) || orbitalSum(a) - orbitalSum(b) || a - b)
    .slice(0, count);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const subspace = await diagonalise(ham, strings, null, new CancelPoint());
  const used = process.cpuUsage(cpu);
  console.log(
    JSON.stringify({
      determinants: count * count,
      wallS: (performance.now() - started) / 1000,
      cpuS: (used.user + used.system) / 1e6,
      peakMiB: process.resourceUsage().maxRSS / 1024,
      energy: subspace.energy,
    }),
  );
} else {
  console.log('subspace diagonalisation, N2 cc-pVDZ 1.1 Å (16o,10e), strings nearest Hartree-Fock');
  console.log('  determinants  threads      wall s     CPU s   peak MiB   energy (Ha)      speed-up');
  const threadCounts = values.threads.split(',').map(Number);
  for (const size of values.sizes.split(',').map(Number)) {
    let firstWall = 0;
    for (const threads of threadCounts) {
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', String(size)],
        { encoding: 'utf8', maxBuffer: 1 << 20, env: { ...process.env, HIVQE_THREADS: String(threads) } },
      );
      if (run.status !== 0) throw new Error(run.stderr);
      const r = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}');
      firstWall ||= r.wallS;
      console.log(
        `  ${String(r.determinants).padStart(12)}  ${String(threads).padStart(7)}  ${r.wallS.toFixed(1).padStart(10)}` +
          `  ${r.cpuS.toFixed(1).padStart(8)}  ${r.peakMiB.toFixed(0).padStart(9)}   ${r.energy.toFixed(9)}` +
          `  ${(firstWall / r.wallS).toFixed(2).padStart(8)}`,
      );
    }
  }
}
