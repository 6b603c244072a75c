import { describe, expect, it } from 'vitest';
import { CancelPoint } from '../src/ci/cancel.ts';
import { lowestState } from '../src/ci/lowest-state.ts';
import { orbitalIrreps } from '../src/ci/orbital-irreps.ts';
import { ProductSpaceHamiltonian } from '../src/ci/product-space.ts';
import { enumerateStrings, StringSet } from '../src/ci/strings.ts';
import { n2CasTwelve } from './support/n2-sto3g.ts';

describe('the lowest state of a large space', () => {
  it("starts from the ground state over its lowest determinants' strings: the same state in fewer products", async () => {
    const ham = n2CasTwelve();
    const strings = new StringSet(enumerateStrings(ham.norb, ham.nalpha), orbitalIrreps(ham));
    const options = {
      energyTolerance: 1e-10,
      residualTolerance: 1e-5,
      maxIterations: 200,
      cancel: new CancelPoint(),
    };
    const seeded = await lowestState(ham, strings, strings, options);

    // The same solve from the lowest diagonal determinant alone (a guess given, no seed is made).
    const { diagonal } = new ProductSpaceHamiltonian(ham, strings, strings);
    const start = new Float64Array(diagonal.length);
    start[diagonal.indexOf(diagonal.reduce((a, b) => Math.min(a, b)))] = 1;
    const plain = await lowestState(ham, strings, strings, { ...options, guess: start });

    expect(seeded.solved).toBe(106_872);
    expect(seeded.energy).toBeCloseTo(plain.energy, 9);
    expect(seeded.iterations).toBeLessThan(plain.iterations);
    const [a, b] = [seeded.vector(), plain.vector()];
    const overlap = a.reduce((sum, x, i) => sum + x * b[i], 0);
    expect(Math.abs(overlap)).toBeCloseTo(1, 8);
  });
});
