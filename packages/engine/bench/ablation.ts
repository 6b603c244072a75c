/**
 * `npx tsx bench/ablation.ts [names…] [--cap fraction] [--seeds 0,1] [--ansatz epa] [--abstol 1e-4]`: the share
 * of the quantum part (`--abstol` sets convergence_abstol, so that runs can be taken on to their local optimum).
 * For each case, HI-VQE with both sources of strings (the default), handover only (`sampling: false`)
 * and samples only (`handover: false`), at the same subspace cap; prints the error against CASCI (mHa),
 * the final subspace and where its strings came from. Cases are public molecules (shared/engine.md and
 * stretched geometries, where correlation is strong).
 */
import { parseArgs } from 'node:util';
import { CancelPoint } from '../src/ci/cancel.ts';
import { casci, fullSpaceSize } from '../src/ci/casci.ts';
import { runHiVqeLoop } from '../src/hivqe/loop.ts';
import { parseHiVqeParams } from '../src/hivqe/params.ts';
import type { StringSources } from '../src/hivqe/provenance.ts';
import { CASES, caseHamiltonian } from './cases.ts';

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
    abstol: { type: 'string', default: '1e-4' },
  },
});
const seeds = values.seeds.split(',').map(Number);
for (const name of positionals.length > 0 ? positionals : Object.keys(CASES)) {
  const ham = caseHamiltonian(name);
  const exact = (await casci(ham, new CancelPoint())).energy;
  const full = fullSpaceSize(ham);
  const maxStates = Math.max(1, Math.round(Number(values.cap) * full));
  for (const seed of seeds) {
    for (const [mode, sources] of MODES) {
      const params = parseHiVqeParams({
        max_states: maxStates,
        seed,
        ansatz: values.ansatz,
        configuration_recovery: true,
        convergence_abstol: Number(values.abstol),
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
