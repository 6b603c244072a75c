/**
 * `npx tsx bench/ablation.ts [names…] [--cap fraction] [--seeds 0,1] [--ansatz epa]`: the share of the quantum part.
 * For each case, HI-VQE with both sources of strings (the default), handover only (`sampling: false`)
 * and samples only (`handover: false`), at the same subspace cap; prints the error against CASCI (mHa),
 * the final subspace and where its strings came from. Cases are public molecules (shared/engine.md and
 * stretched geometries, where correlation is strong).
 */
import { parseArgs } from 'node:util';
import { buildHamiltonian } from '../src/chem/index.ts';
import { CancelPoint } from '../src/ci/cancel.ts';
import { casci, fullSpaceSize } from '../src/ci/casci.ts';
import { runHiVqeLoop } from '../src/hivqe/loop.ts';
import { parseHiVqeParams } from '../src/hivqe/params.ts';
import type { StringSources } from '../src/hivqe/provenance.ts';

interface Case {
  geometry: string;
  basis: string;
  frozen: number[];
  active: number[];
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const NH3 = 'N 0 0 0.1172;H 0 0.9377 -0.2735;H 0.8121 -0.4689 -0.2735;H -0.8121 -0.4689 -0.2735';
const H2O = 'O 0 0 0.1173;H 0 0.7572 -0.4692;H 0 -0.7572 -0.4692';
const CASES: Record<string, Case> = {
  'NH3 sto-3g': { geometry: NH3, basis: 'sto-3g', frozen: [], active: range(0, 7) },
  'N2 6-31g 1.2': { geometry: 'N 0 0 0;N 0 0 1.2', basis: '6-31g', frozen: [0, 1], active: range(2, 11) },
  'LiH 6-31g': { geometry: 'Li 0 0 0;H 0 0 1.6', basis: '6-31g', frozen: [], active: range(0, 10) },
  'N2 sto-3g 1.0': { geometry: 'N 0 0 0;N 0 0 1.0', basis: 'sto-3g', frozen: [0, 1], active: range(2, 9) },
  'N2 sto-3g 1.6': { geometry: 'N 0 0 0;N 0 0 1.6', basis: 'sto-3g', frozen: [0, 1], active: range(2, 9) },
  'N2 6-31g 1.0': { geometry: 'N 0 0 0;N 0 0 1.0', basis: '6-31g', frozen: [0, 1], active: range(2, 11) },
  'H2O sto-3g': { geometry: H2O, basis: 'sto-3g', frozen: [0], active: range(1, 6) },
  'H2O 6-31g 1.5x': {
    geometry: 'O 0 0 0.1760;H 0 1.1358 -0.7038;H 0 -1.1358 -0.7038',
    basis: '6-31g',
    frozen: [0],
    active: range(1, 8),
  },
  'LiH sto-3g 3.0': { geometry: 'Li 0 0 0;H 0 0 3.0', basis: 'sto-3g', frozen: [], active: range(0, 5) },
};
const MODES: Array<[string, StringSources]> = [
  ['default', { sampling: true, handover: true }],
  ['handover only', { sampling: false, handover: true }],
  ['samples only', { sampling: true, handover: false }],
];

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    cap: { type: 'string', default: '0.3333' },
    seeds: { type: 'string', default: '0' },
    ansatz: { type: 'string', default: 'epa' },
  },
});
const seeds = values.seeds.split(',').map(Number);
for (const name of positionals.length > 0 ? positionals : Object.keys(CASES)) {
  const c = CASES[name];
  const chem = buildHamiltonian({
    geometry: c.geometry,
    basis: c.basis,
    activeOrbitals: c.active,
    frozenOrbitals: c.frozen,
  });
  const ham = chem.hamiltonian!;
  const exact = (await casci(ham, new CancelPoint())).energy;
  const full = fullSpaceSize(ham);
  const maxStates = Math.round(Number(values.cap) * full);
  for (const seed of seeds) {
    for (const [mode, sources] of MODES) {
      const params = parseHiVqeParams({
        max_states: maxStates,
        seed,
        ansatz: values.ansatz,
        configuration_recovery: true,
      });
      const started = performance.now();
      const r = await runHiVqeLoop(ham, params, exact, {}, new CancelPoint(), undefined, sources);
      const p = r.provenance;
      console.log(
        [
          name,
          `(${ham.norb}o,${ham.nalpha + ham.nbeta}e)`,
          `full ${full}`,
          `cap ${maxStates}`,
          `seed ${seed}`,
          mode.padEnd(13),
          `err ${((r.energy - exact) * 1000).toFixed(3)} mHa`,
          `dets ${r.numStates}`,
          `it ${r.iterations}`,
          `new ${p.sampled}s/${p.recovered}r/${p.handover}h`,
          `${((performance.now() - started) / 1000).toFixed(1)} s`,
        ].join(' | '),
      );
    }
  }
}
