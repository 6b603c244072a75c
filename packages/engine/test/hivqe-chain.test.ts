import { describe, expect, it } from 'vitest';
import { energyOrder, orbitalChain, registerPath } from '../src/hivqe/ansatz/chain.ts';
import { epaProgram } from '../src/hivqe/ansatz/epa.ts';
import { ansatzProgram, type AnsatzChoice } from '../src/hivqe/ansatz/index.ts';
import type { ActiveSpace } from '../src/hivqe/ansatz/space.ts';
import { eriAt } from '../src/ci/slater-condon.ts';
import { orbitalEnergies } from '../src/hivqe/initial.ts';
import { exportAnsatzCircuit } from '../src/hivqe/native/export.ts';
import { lineDevice } from '../src/hivqe/native/line-device.ts';
import { simulateNative } from '../src/hivqe/native/simulate.ts';
import { engineProbabilities, largestDifference, randomAngles } from './support/native.ts';
import { n2Sto3g } from './support/n2-sto3g.ts';

/** N2 STO-3G 1.0 Å, frozen 0,1: 8 orbitals, 5 occupied (2..6 of the molecule), 3 virtual. */
const ham = n2Sto3g();
const epsilon = orbitalEnergies(ham);
const pairAmplitude = (i: number, a: number) =>
  Math.abs(eriAt(ham, i, a, i, a)) / (2 * (epsilon[a] - epsilon[i]));

describe('the orbital chain of the excitation-preserving ansatz', () => {
  it('links each occupied orbital, highest first, to the virtual orbital it pairs with most strongly', () => {
    const chain = orbitalChain(ham);
    expect([...chain].sort((a, b) => a - b)).toEqual(energyOrder(8));
    // N2 has three virtual orbitals (π*x, π*y, σ*), so the three highest occupied ones get a partner.
    expect(chain.slice(0, 6).map((p) => p < ham.nalpha)).toEqual([true, false, true, false, true, false]);
    expect(chain.slice(0, 6).filter((_, k) => k % 2 === 0)).toEqual([4, 3, 2]);
    expect(chain.slice(6)).toEqual([1, 0]);
    // Greedy matching: the strongest pair of all is linked, and no linked pair could swap partners for a
    // stronger pair with an orbital left unlinked.
    const linked: Array<[number, number]> = [0, 2, 4].map((k) => [chain[k], chain[k + 1]]);
    const strongest = Math.max(...[0, 1, 2, 3, 4].flatMap((i) => [5, 6, 7].map((a) => pairAmplitude(i, a))));
    expect(Math.max(...linked.map(([i, a]) => pairAmplitude(i, a)))).toBe(strongest);
    for (const [i, a] of linked) {
      for (const unlinked of [0, 1])
        expect(pairAmplitude(unlinked, a)).toBeLessThanOrEqual(pairAmplitude(i, a));
    }
  });

  it("epa's entanglers follow the chain within each spin register, never across", () => {
    const chain = orbitalChain(ham);
    const space: ActiveSpace = { norb: 8, nalpha: 5, nbeta: 5, chain };
    const pairs = epaProgram(space, 'linear', 1).gates.flatMap((g) =>
      g.type === 'exchange' ? [g.qubits] : [],
    );
    const neighbours = chain.slice(1).map((p, k) => [chain[k], p]);
    expect(pairs).toEqual([...neighbours, ...neighbours.map(([a, b]) => [a + 8, b + 8])]);
    // Energy order, as before: pairs (p, p + 1).
    const plain = epaProgram({ norb: 8, nalpha: 5, nbeta: 5 }, 'linear', 1).gates.filter(
      (g) => g.type === 'exchange',
    );
    expect(plain[0]).toMatchObject({ qubits: [0, 1] });
    expect(registerPath(space)).toEqual([...chain, ...chain.map((p) => p + 8)]);
  });

  it('on a device the linked orbitals sit on coupled qubits: no SWAP, and the same distribution', async () => {
    const space: ActiveSpace = { norb: 4, nalpha: 2, nbeta: 2, chain: [1, 3, 0, 2] };
    const choice: AnsatzChoice = { ansatz: 'epa', entanglement: 'linear', reps: 2 };
    const theta = randomAngles(ansatzProgram(space, choice).numParameters, 31);
    const circuit = exportAnsatzCircuit(space, choice, theta, lineDevice(8), 'chain');
    // Two cz per exchange block: 3 pairs in each register × 2 reps, none added by routing.
    expect(circuit.instructions.filter((i) => i.name === 'cz')).toHaveLength(24);
    const probabilities = simulateNative(circuit, lineDevice(8).qubits);
    expect(largestDifference(probabilities, await engineProbabilities(space, choice, theta))).toBeLessThan(
      1e-10,
    );
  });
});
