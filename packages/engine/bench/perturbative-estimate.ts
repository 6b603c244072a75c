/**
 * `npx tsx bench/perturbative-estimate.ts <case> <max_states> [reference]`: how near the perturbative
 * estimate (the final energy with its second-order correction, `secondOrderCorrection`) comes to the exact
 * energy. Runs the loop with sampling off (the correction does not depend on where the strings came from),
 * then scores the final subspace and subspaces of its heaviest strings (9/10 … 1/2 of them), and prints the
 * errors in mHa against CASCI, or against `reference` (Ha) where CASCI is out of reach.
 */
import { CancelPoint } from '../src/ci/cancel.ts';
import { runHiVqeLoop } from '../src/hivqe/loop.ts';
import { parseHiVqeParams } from '../src/hivqe/params.ts';
import { secondOrderCorrection } from '../src/hivqe/perturbative.ts';
import { diagonalise, rankByScore, stringWeights } from '../src/hivqe/subspace.ts';
import { caseAgainstReference } from './cases.ts';

const cancel = new CancelPoint();
const { name, ham, maxStates, exact, mha } = await caseAgainstReference('perturbative-estimate.ts', cancel);
// The loop reads its settings from hyperparameters; the molecule is the case's Hamiltonian, not this one.
const params = parseHiVqeParams({ molecule_geometry: 'H 0 0 0;H 0 0 0.74', max_states: maxStates });
const run = await runHiVqeLoop(ham, params, exact, {}, cancel, undefined, {
  sampling: false,
  handover: true,
});
const final = run.subspace;
const weights = stringWeights(final);
const heaviest = rankByScore(new Map(Array.from(final.strings.strings, (x, i) => [x, weights[i]])));

console.log(`${name}, max_states ${maxStates}: errors in mHa against ${exact.toFixed(9)} Ha`);
console.log('| strings | determinants | final energy | second-order correction | estimate | scoring, s |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const fraction of [1, 0.9, 0.8, 0.7, 0.6, 0.5]) {
  const strings = heaviest.slice(0, Math.round(fraction * heaviest.length));
  const subspace = fraction === 1 ? final : await diagonalise(ham, strings, null, cancel);
  const start = performance.now();
  const correction = (await secondOrderCorrection(ham, subspace, cancel)) ?? 0;
  const seconds = (performance.now() - start) / 1000;
  console.log(
    `| ${strings.length} | ${strings.length ** 2} | ${mha(subspace.energy)} | ${(correction * 1000).toFixed(4)} | ` +
      `${mha(subspace.energy + correction)} | ${seconds.toFixed(1)} |`,
  );
}
