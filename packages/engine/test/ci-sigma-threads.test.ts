import { afterEach, describe, expect, it } from 'vitest';
import { CancelPoint } from '../src/ci/cancel.ts';
import { ProductSpaceHamiltonian } from '../src/ci/product-space.ts';
import { configureSigmaThreads } from '../src/ci/sigma-team.ts';
import { enumerateStrings, StringSet } from '../src/ci/strings.ts';
import type { ActiveSpaceHamiltonian } from '../src/types.ts';
import { randomHamiltonian } from './support/synthetic.ts';

/** H·x for a random x, the operator built with `threads` threads whatever its size. */
async function product(
  ham: ActiveSpaceHamiltonian,
  alpha: StringSet,
  beta: StringSet,
  threads: number,
): Promise<Float64Array> {
  configureSigmaThreads(threads, 0);
  const op = new ProductSpaceHamiltonian(ham, alpha, beta);
  let seed = 7;
  const x = Float64Array.from(
    { length: op.size },
    () => (seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5,
  );
  op.restrict(x);
  const out = new Float64Array(op.size).fill(Number.NaN);
  await op.apply(x, out, new CancelPoint());
  return out;
}

async function largestDifference(
  ham: ActiveSpaceHamiltonian,
  alpha: StringSet,
  beta: StringSet,
  threads: number,
) {
  const one = await product(ham, alpha, beta, 1);
  const many = await product(ham, alpha, beta, threads);
  expect(one.every(Number.isFinite)).toBe(true);
  expect(Math.max(...one.map(Math.abs))).toBeGreaterThan(0.1);
  return Math.max(...one.map((value, i) => Math.abs(value - many[i])));
}

describe('H·C shared between threads', () => {
  afterEach(() => configureSigmaThreads());

  it("gives one thread's product on a spin-symmetric space, with two and with three threads", async () => {
    const ham = randomHamiltonian(8, 4, 4, 21);
    const strings = new StringSet(enumerateStrings(8, 4));
    expect(await largestDifference(ham, strings, strings, 2)).toBeLessThan(1e-12);
    expect(await largestDifference(ham, strings, strings, 3)).toBeLessThan(1e-12);
  });

  it('gives it with different alpha and beta string sets', async () => {
    const ham = randomHamiltonian(8, 4, 3, 22);
    const alpha = new StringSet(enumerateStrings(8, 4));
    const beta = new StringSet(enumerateStrings(8, 3));
    expect(await largestDifference(ham, alpha, beta, 2)).toBeLessThan(1e-12);
  });

  it('gives it on a selected subset of strings, as HI-VQE uses', async () => {
    const ham = randomHamiltonian(9, 4, 4, 23);
    const subset = new StringSet(Array.from(enumerateStrings(9, 4)).filter((_, i) => i % 4 !== 1));
    expect(await largestDifference(ham, subset, subset, 2)).toBeLessThan(1e-12);
  });

  it('gives the coupling block: the whole product on the unmarked rows for a C on the marked ones, on any threads', async () => {
    const ham = randomHamiltonian(9, 4, 4, 25);
    const all = Array.from(enumerateStrings(9, 4));
    const inside = new StringSet(all.filter((_, i) => i % 3 === 0));
    const rows = new StringSet(all.filter((_, i) => i % 3 !== 2));
    const sources = Uint8Array.from(rows.strings, (x) => (inside.indexOf(x) < 0 ? 0 : 1));
    const nb = inside.size;
    let seed = 11;
    const c = new Float64Array(rows.size * nb);
    rows.strings.forEach((_, a) => {
      if (!sources[a]) return;
      for (let b = 0; b < nb; b++) c[a * nb + b] = (seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5;
    });
    configureSigmaThreads(1, 0);
    const whole = new Float64Array(c.length);
    await new ProductSpaceHamiltonian(ham, rows, inside).apply(c, whole, new CancelPoint());
    for (const threads of [1, 2, 3]) {
      configureSigmaThreads(threads, 0);
      const block = new ProductSpaceHamiltonian(ham, rows, inside, sources);
      const out = new Float64Array(c.length).fill(Number.NaN);
      await block.apply(c, out, new CancelPoint());
      let largest = 0;
      rows.strings.forEach((_, a) => {
        for (let b = 0; b < nb; b++) {
          const [at, want] = [out[a * nb + b], sources[a] ? 0 : whole[a * nb + b]];
          largest = Math.max(largest, Math.abs(at - want));
        }
      });
      expect(largest).toBeLessThan(1e-12);
    }
    expect(Math.max(...whole.filter((_, i) => !sources[Math.floor(i / nb)]).map(Math.abs))).toBeGreaterThan(
      0.1,
    );
  });

  it('runs two products at once, each in a memory of its own, as each runs alone', async () => {
    const ham = randomHamiltonian(8, 4, 4, 26);
    const strings = new StringSet(enumerateStrings(8, 4));
    const alone = [await product(ham, strings, strings, 2), await product(ham, strings, strings, 1)];
    const together = await Promise.all([
      product(ham, strings, strings, 2),
      product(ham, strings, strings, 1),
    ]);
    expect(Math.max(...alone[0].map(Math.abs))).toBeGreaterThan(0.1);
    for (const k of [0, 1]) expect(together[k]).toEqual(alone[k]);
  });

  it('uses more threads than rows, leaving the extra ranges empty', async () => {
    const ham = randomHamiltonian(4, 2, 2, 24);
    const strings = new StringSet(enumerateStrings(4, 2));
    expect(await largestDifference(ham, strings, strings, 8)).toBeLessThan(1e-12);
  });
});
