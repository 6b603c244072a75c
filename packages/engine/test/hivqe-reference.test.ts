import { describe, expect, it } from 'vitest';
import { runHiVqe } from '../src/index.ts';
import type { ReferenceCache } from '../src/hivqe/reference.ts';

/** LiH STO-3G at 1.6 Å: (6o,4e), 225 determinants; CASCI −7.882324379 Ha (shared/engine.md). */
const LIH = { molecule_geometry: 'Li 0 0 0;H 0 0 1.6', basis: 'sto-3g', frozen_orbitals: [] };
const ALL_ACTIVE = { ...LIH, active_orbitals: [0, 1, 2, 3, 4, 5] };
const FAST = { max_iter: 2, shots: 50 };

async function run(hyperparameters: Record<string, unknown>, references: ReferenceCache) {
  const lines: string[] = [];
  const result = await runHiVqe(
    { ...FAST, ...hyperparameters },
    { references, onLog: (line) => lines.push(line) },
  );
  return { result, casciLines: lines.filter((line) => line.startsWith('CASCI')) };
}

describe('the CASCI reference of a HI-VQE run', () => {
  it('is computed once per molecule, basis and orbital spaces, and its time is reported apart', async () => {
    const references: ReferenceCache = new Map();
    const first = await run(ALL_ACTIVE, references);
    expect(first.result.eCasci).toBeCloseTo(-7.882324379, 6);
    expect(first.casciLines[0]).toMatch(
      /^CASCI \(6o, 4e\): 225 determinants \(69 in the lowest determinant.s irrep\), \d+ Davidson iterations/,
    );
    expect(first.result.referenceSeconds).toBeGreaterThan(0);
    expect(first.result.referenceSeconds).toBeLessThan(first.result.seconds);
    expect(references.size).toBe(1);

    // The same molecule spelled with other spacing and basis name, another seed: the same reference.
    const second = await run(
      { ...ALL_ACTIVE, molecule_geometry: ' Li 0 0 0;  H 0 0 1.60 ', basis: 'STO3G', seed: 7 },
      references,
    );
    expect(second.casciLines).toEqual([
      `CASCI (6o, 4e): from the cache, E = ${first.result.eCasci?.toFixed(10)} Ha`,
    ]);
    expect(second.result.eCasci).toBe(first.result.eCasci);
    expect(second.result.referenceSeconds).toBe(0);
    expect(references.size).toBe(1);

    const frozen = await run({ ...LIH, frozen_orbitals: [0], active_orbitals: [1, 2, 3, 4, 5] }, references);
    expect(frozen.casciLines[0]).toMatch(/^CASCI \(5o, 2e\): 25 determinants/);
    const fewer = await run({ ...LIH, active_orbitals: [0, 1, 2, 3, 4] }, references);
    expect(fewer.casciLines[0]).toMatch(/^CASCI \(5o, 4e\): 100 determinants/);
    expect(references.size).toBe(3);
    expect(new Set([first, frozen, fewer].map((r) => r.result.eCasci)).size).toBe(3);
  });

  it('is skipped when the job gives exact_energy or the full space exceeds max_states, unless asked for', async () => {
    const references: ReferenceCache = new Map();
    const given = await run({ ...ALL_ACTIVE, exact_energy: -7.88 }, references);
    expect(given.result.eCasci).toBeNull();
    expect(given.result.referenceSeconds).toBeNull();
    expect(given.casciLines).toEqual(['CASCI skipped: the job gives exact_energy']);
    expect(given.result.history[0].error).toBeCloseTo(given.result.history[0].energy + 7.88, 12);

    const capped = await run({ ...ALL_ACTIVE, max_states: 100 }, references);
    expect(capped.result.eCasci).toBeNull();
    expect(capped.casciLines).toEqual([
      'CASCI skipped: the full space (225 determinants) is larger than max_states (100) and the job did not ask for it (compute_reference)',
    ]);
    expect(Number.isNaN(capped.result.history[0].error)).toBe(true);

    const never = await run({ ...ALL_ACTIVE, reference: 'never' }, references);
    expect(never.result.eCasci).toBeNull();
    expect(references.size).toBe(0);

    const asked = await run(
      { ...ALL_ACTIVE, max_states: 100, exact_energy: -7.88, reference: 'always' },
      references,
    );
    expect(asked.result.eCasci).toBeCloseTo(-7.882324379, 6);
    expect(references.size).toBe(1);
  });

  it('tells the RHF energy once RHF has converged, before CASCI and the first iteration', async () => {
    const events: string[] = [];
    const told: Array<{ eRhf: number; eNuc: number }> = [];
    const result = await runHiVqe(
      { ...FAST, ...ALL_ACTIVE },
      {
        references: new Map(),
        onRhf: (energies) => {
          told.push(energies);
          events.push('rhf');
        },
        onLog: (line) => {
          if (line.startsWith('CASCI')) events.push('casci');
        },
        onIteration: () => events.push('iteration'),
      },
    );
    expect(told).toEqual([{ eRhf: result.eRhf, eNuc: result.eNuc }]);
    expect(events.slice(0, 3)).toEqual(['rhf', 'casci', 'iteration']);
  });

  it('refuses an unknown reference mode', async () => {
    await expect(runHiVqe({ ...ALL_ACTIVE, reference: 'sometimes' })).rejects.toThrow(
      'reference must be one of auto, always, never, got "sometimes"',
    );
  });
});
