import { beforeAll, describe, expect, it } from 'vitest';
import { CancelPoint } from '../src/ci/cancel.ts';
import { casci } from '../src/ci/casci.ts';
import { enumerateStrings } from '../src/ci/strings.ts';
import { runHiVqeLoop } from '../src/hivqe/loop.ts';
import { parseHiVqeParams } from '../src/hivqe/params.ts';
import { refine } from '../src/hivqe/refine.ts';
import { grow, type Subspace } from '../src/hivqe/subspace.ts';
import type { ActiveSpaceHamiltonian } from '../src/types.ts';
import { n2Sto3g } from './support/n2-sto3g.ts';

/** N2 STO-3G 1.0 Å at a sixteenth of the space: the handover alone ends at 14 strings, 10.625 mHa above CASCI. */
let ham: ActiveSpaceHamiltonian;
let exact: number;
let handoverOnly: Subspace;
const cancel = new CancelPoint();
const mha = (subspace: Subspace) => (subspace.energy - exact) * 1000;

beforeAll(async () => {
  ham = n2Sto3g(1.0);
  exact = (await casci(ham, cancel)).energy;
  const params = parseHiVqeParams({ max_states: 196 });
  const run = await runHiVqeLoop(ham, params, exact, {}, cancel, undefined, {
    sampling: false,
    handover: true,
  });
  handoverOnly = run.subspace;
});

describe('the refining step', () => {
  it('puts a string in a weak string’s place where adding strings and keeping the heaviest would not', async () => {
    // Two strings the UCCSD circuit samples on this case (seed 0) that the handover's subspace lacks.
    const sampled = [186, 214];
    expect(mha(handoverOnly)).toBeCloseTo(10.625, 3);
    const kept = await grow(ham, handoverOnly, [sampled], 14, 20, cancel);
    expect(kept.subspace).toBe(handoverOnly);
    const refined = await refine(ham, handoverOnly, sampled, sampled.length, cancel);
    expect(refined.rejected).toEqual([]);
    expect(refined.subspace.strings.size).toBe(14);
    expect([...refined.subspace.strings.strings]).toEqual(expect.arrayContaining(sampled));
    expect(mha(refined.subspace)).toBeCloseTo(9.0, 3);
  });

  it('never raises the energy, turns away what does not lower it and tries at most as many as asked', async () => {
    const outside = Array.from(enumerateStrings(ham.norb, ham.nalpha)).filter(
      (x) => handoverOnly.strings.indexOf(x) < 0,
    );
    const all = await refine(ham, handoverOnly, outside, outside.length, cancel);
    expect(all.subspace.energy).toBeLessThan(handoverOnly.energy);
    expect(all.subspace.strings.size).toBe(14);
    const kept = outside.filter((x) => all.subspace.strings.indexOf(x) >= 0);
    expect(kept.length).toBeGreaterThan(0);
    expect(all.rejected.length + kept.length).toBeLessThanOrEqual(outside.length);
    const none = await refine(ham, all.subspace, all.rejected.slice(0, 5), 5, cancel);
    expect(none.subspace.energy).toBeGreaterThanOrEqual(all.subspace.energy - 1e-12);
    const few = await refine(ham, handoverOnly, outside, 3, cancel);
    expect(
      few.rejected.length + outside.filter((x) => few.subspace.strings.indexOf(x) >= 0).length,
    ).toBeLessThanOrEqual(3);
    // A string already in the subspace is not a candidate.
    const inside = await refine(ham, handoverOnly, [...handoverOnly.strings.strings], 14, cancel);
    expect(inside.subspace).toBe(handoverOnly);
    expect(inside.rejected).toEqual([]);
  });
});
