/**
 * `npx tsx bench/natural-orbitals.ts <case> <max_states> [reference]`: the loop with sampling off at
 * max_states over the canonical orbitals, then over natural orbitals (`orbitals natural`: their first
 * run included in the time, as is each run's scoring pass for its estimate). Prints each run's error and
 * its perturbative estimate's error in mHa against CASCI, or against `reference` (Ha) where CASCI is out
 * of reach.
 */
import { CancelPoint } from '../src/ci/cancel.ts';
import { runHiVqeLoop } from '../src/hivqe/loop.ts';
import { loopOrbitals } from '../src/hivqe/loop-orbitals.ts';
import { ORBITAL_CHOICES, parseHiVqeParams } from '../src/hivqe/params.ts';
import { secondOrderCorrection } from '../src/hivqe/perturbative.ts';
import { caseAgainstReference } from './cases.ts';

const cancel = new CancelPoint();
const { name, ham, maxStates, exact, mha } = await caseAgainstReference('natural-orbitals.ts', cancel);

console.log(`${name}, max_states ${maxStates}, sampling off: errors in mHa against ${exact.toFixed(9)} Ha`);
console.log('| orbitals | determinants | error | estimate’s error | seconds |');
console.log('| --- | --- | --- | --- | --- |');
for (const orbitals of ORBITAL_CHOICES) {
  // The loop reads its settings from hyperparameters; the molecule is the case's Hamiltonian, not this one.
  const params = parseHiVqeParams({
    molecule_geometry: 'H 0 0 0;H 0 0 0.74',
    max_states: maxStates,
    orbitals,
  });
  const start = performance.now();
  const basis = await loopOrbitals(ham, params, {}, cancel, console.log);
  const run = await runHiVqeLoop(basis.ham, params, exact, {}, cancel, undefined, {
    sampling: false,
    handover: true,
  });
  const secondOrder = (await secondOrderCorrection(basis.ham, run.subspace, cancel)) ?? 0;
  const seconds = (performance.now() - start) / 1000;
  console.log(
    `| ${orbitals} | ${run.numStates} | ${mha(run.energy)} | ${mha(run.energy + secondOrder)} | ${seconds.toFixed(1)} |`,
  );
}
