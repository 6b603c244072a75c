/**
 * `npx tsx bench/best-subspace.ts <case> <strings> [--from-handover]`: how low a strings × strings subspace
 * of that many strings can go, to judge the ablation's selections against. When there are at most 20,000
 * choices of strings, every one is diagonalised (the optimum); otherwise a swap search starts from the
 * strings of largest weight in the exact ground state (or, with --from-handover, from the subspace a
 * handover-only run ends at with that many strings) and exchanges one string at a time, each outside
 * string put where it lowers the energy most, until a sweep changes nothing (a local optimum, an upper
 * bound on the best). Prints errors against CASCI in mHa, and each swap: the strings in and out, with
 * how many electrons each has moved out of the Hartree–Fock string.
 */
import { parseArgs } from 'node:util';
import { CancelPoint } from '../src/ci/cancel.ts';
import { binomial, enumerateStrings, popcount } from '../src/ci/strings.ts';
import { runHiVqeLoop } from '../src/hivqe/loop.ts';
import { parseHiVqeParams } from '../src/hivqe/params.ts';
import { diagonalise, rankByScore, stringWeights } from '../src/hivqe/subspace.ts';
import { caseHamiltonian } from './cases.ts';

const EXHAUSTIVE_LIMIT = 20_000;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'from-handover': { type: 'boolean', default: false } },
});
const [name, count] = positionals;
const fromHandover = values['from-handover'];
const ham = caseHamiltonian(name);
const size = Number(count);
const cancel = new CancelPoint();
const all = Array.from(enumerateStrings(ham.norb, ham.nalpha));
const exact = await diagonalise(ham, all, null, cancel);
const energyOf = async (strings: readonly number[]) => (await diagonalise(ham, strings, null, cancel)).energy;
const mha = (energy: number) => ((energy - exact.energy) * 1000).toFixed(3);

const hartreeFock = (1 << ham.nalpha) - 1;
const describe = (x: number) =>
  `${x.toString(2).padStart(ham.norb, '0')} (${popcount(x & ~hartreeFock)} moved)`;

if (binomial(all.length, size) <= EXHAUSTIVE_LIMIT && !fromHandover) {
  let best = Number.POSITIVE_INFINITY;
  for (const subset of subsets(all, size)) best = Math.min(best, await energyOf(subset));
  console.log(
    `${name}: best of all ${binomial(all.length, size)} choices of ${size} strings: ${mha(best)} mHa`,
  );
} else {
  let chosen: number[];
  if (fromHandover) {
    const params = parseHiVqeParams({ max_states: size * size });
    const handed = await runHiVqeLoop(ham, params, null, {}, cancel, undefined, {
      sampling: false,
      handover: true,
    });
    chosen = [...handed.subspace.strings.strings];
  } else {
    const weights = stringWeights(exact);
    chosen = rankByScore(new Map(all.map((x, i) => [x, weights[i]]))).slice(0, size);
  }
  let energy = await energyOf(chosen);
  const start = fromHandover ? 'the handover-only subspace' : 'the strings of largest exact weight';
  console.log(`${name}: ${start}, ${chosen.length} strings: ${mha(energy)} mHa`);
  for (let improved = true; improved;) {
    improved = false;
    for (const incoming of all.filter((x) => !chosen.includes(x))) {
      // The best place for this string, if any lowers the energy.
      let best: { strings: number[]; energy: number; out: number } | null = null;
      for (let i = 0; i < chosen.length; i++) {
        const trial = chosen.with(i, incoming);
        const trialEnergy = await energyOf(trial);
        if (trialEnergy < (best?.energy ?? energy) - 1e-9) {
          best = { strings: trial, energy: trialEnergy, out: chosen[i] };
        }
      }
      if (best !== null) {
        console.log(`  ${describe(incoming)} in for ${describe(best.out)}: ${mha(best.energy)} mHa`);
        [chosen, energy, improved] = [best.strings, best.energy, true];
      }
    }
    console.log(`  after a sweep of single-string swaps: ${mha(energy)} mHa`);
  }
}

function* subsets(items: readonly number[], k: number, from = 0, picked: number[] = []): Generator<number[]> {
  if (picked.length === k) {
    yield [...picked];
    return;
  }
  for (let i = from; i <= items.length - (k - picked.length); i++) {
    picked.push(items[i]);
    yield* subsets(items, k, i + 1, picked);
    picked.pop();
  }
}
