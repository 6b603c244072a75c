import { describe, expect, it } from 'vitest';
import { EngineInputError, estimateRunMemory, lineDevice, runHiVqe } from '../src/index.ts';

const N2 = 'N 0 0 0;N 0 0 1.0';
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('problems beyond the engine are refused up front, with the limit', () => {
  it('a hardware-efficient state vector above 2^24 amplitudes, when the job asks for the state vector', async () => {
    const job = {
      molecule_geometry: N2,
      basis: '6-31g',
      active_orbitals: range(2, 14),
      ansatz: 'hardware_efficient',
      simulator: 'statevector',
    };
    await expect(runHiVqe(job)).rejects.toThrow(EngineInputError);
    await expect(runHiVqe(job)).rejects.toThrow(
      'the hardware_efficient circuit on 26 qubits needs a state vector of 67,108,864 amplitudes; the limit is ' +
        '16,777,216 (2^24, 256 MB). Choose fewer active orbitals, an ansatz that conserves the electron number ' +
        '(epa, uccsd) or the matrix-product-state simulator (simulator auto or mps)',
    );
  });

  it('a UCCSD state vector above 2^24 amplitudes even by default: its circuits are too long for the matrix-product state', async () => {
    const job = { molecule_geometry: N2, basis: 'cc-pvdz', active_orbitals: range(2, 17), ansatz: 'uccsd' };
    await expect(runHiVqe(job)).rejects.toThrow(
      'the uccsd circuit on 32 qubits needs a state vector of 19,079,424 amplitudes; the limit is 16,777,216 ' +
        '(2^24, 256 MB). Choose fewer active orbitals or the epa ansatz, which the engine samples from a ' +
        'matrix-product state beyond this limit',
    );
  });

  it('but by default such a circuit is sampled from a matrix-product state instead', async () => {
    const lines: string[] = [];
    const result = await runHiVqe(
      {
        molecule_geometry: N2,
        basis: '6-31g',
        active_orbitals: range(2, 14),
        ansatz: 'hardware_efficient',
        ansatz_entanglement: 'linear',
        max_iter: 2,
        max_states: 300,
        shots: 200,
      },
      { onLog: (line) => lines.push(line) },
    );
    expect(result.iterations).toBe(2);
    const log = lines.join('\n');
    expect(log).toContain(
      'matrix-product state on 26 qubits (bond dimension at most 64, cutoff 1e-10 per cut)',
    );
    expect(log).toMatch(/iteration 1: 200 \+ 200 shots from the matrix-product-state simulation/);
    expect(log).toMatch(/hivqe-it1-plus bond \d+, discarded weight \d\.\de-\d+/);
    expect(log).not.toContain('quantum computer');
  });

  it('but not with sampling off, which builds no circuit state at all', async () => {
    const lines: string[] = [];
    const result = await runHiVqe(
      {
        molecule_geometry: N2,
        basis: '6-31g',
        active_orbitals: range(2, 14),
        ansatz: 'hardware_efficient',
        max_iter: 2,
        max_states: 300,
      },
      { sampling: false, onLog: (line) => lines.push(line) },
    );
    expect(result.iterations).toBeGreaterThan(0);
    expect(result.numStates).toBeLessThanOrEqual(300);
    expect(result.provenance.sampled).toBe(0);
    expect(lines.join('\n')).toContain('sampling off');
  });

  it('before any integral is taken, with one reason for the active orbitals', async () => {
    const lines: string[] = [];
    const onLog = (line: string) => lines.push(line);
    await expect(
      runHiVqe(
        {
          molecule_geometry: N2,
          basis: '6-31g',
          active_orbitals: range(2, 14),
          ansatz: 'hardware_efficient',
          simulator: 'statevector',
        },
        { onLog },
      ),
    ).rejects.toThrow(/limit is 16,777,216/);
    await expect(
      runHiVqe(
        { molecule_geometry: N2, basis: 'cc-pvdz', active_orbitals: range(2, 17), max_states: 12_000_000 },
        { onLog },
      ),
    ).rejects.toThrow(/max_states must be between 1 and 10000000/);
    expect(lines).toEqual([]);
    const benzene =
      'C 0 1.396 0;C 1.209 0.698 0;C 1.209 -0.698 0;C 0 -1.396 0;C -1.209 -0.698 0;C -1.209 0.698 0;' +
      'H 0 2.479 0;H 2.147 1.24 0;H 2.147 -1.24 0;H 0 -2.479 0;H -2.147 -1.24 0;H -2.147 1.24 0';
    const tooMany = {
      molecule_geometry: benzene,
      basis: '6-31g',
      frozen_orbitals: range(0, 5),
      active_orbitals: range(6, 36),
    };
    const reason = 'the active space has 31 orbitals; the engine handles at most 30';
    for (const method of ['hivqe', 'casci'] as const)
      await expect(runHiVqe(tooMany, { method, onLog })).rejects.toThrow(reason);
    expect(estimateRunMemory.bind(null, tooMany, { simulates: false })).toThrow(reason);
    expect(lines).toEqual([]);
  });

  it('with a quantum computer, no state vector: the circuit must fit on the device instead', async () => {
    const sample = () => Promise.reject(new Error('not reached'));
    await expect(
      runHiVqe(
        {
          molecule_geometry: N2,
          basis: '6-31g',
          active_orbitals: range(2, 14),
          ansatz: 'hardware_efficient',
        },
        { sampler: { device: lineDevice(20), sample } },
      ),
    ).rejects.toThrow(/26 qubits.*20/);
  });

  it('max_states above the largest subspace, 10,000,000 determinants', async () => {
    await expect(
      runHiVqe({
        molecule_geometry: N2,
        basis: 'cc-pvdz',
        active_orbitals: range(2, 17),
        max_states: 12_000_000,
      }),
    ).rejects.toThrow(/max_states must be between 1 and 10000000, got 12000000/);
  });

  it('CASCI above 12,000,000 determinants when CASCI is what was asked for', async () => {
    await expect(
      runHiVqe(
        { molecule_geometry: N2, basis: 'cc-pvdz', active_orbitals: range(2, 17) },
        { method: 'casci' },
      ),
    ).rejects.toThrow(/CASCI refused: 19,079,424 determinants exceed the CASCI limit of 12,000,000/);
  });

  it('skips CASCI, and says so, when HI-VQE is asked for on a space above that limit', async () => {
    const lines: string[] = [];
    const result = await runHiVqe(
      {
        molecule_geometry: N2,
        basis: 'cc-pvdz',
        active_orbitals: range(2, 17),
        ansatz_entanglement: 'no',
        max_iter: 1,
        max_states: 400,
        shots: 50,
      },
      { onLog: (line) => lines.push(line) },
    );
    expect(result.eCasci).toBeNull();
    expect(lines).toContain('CASCI skipped: 19,079,424 determinants exceed the CASCI limit of 12,000,000');
    expect(Number.isNaN(result.history[0].error)).toBe(true);
  });

  it('an active space that does not fit the molecule, and an empty one for CASCI', async () => {
    await expect(runHiVqe({ molecule_geometry: N2, basis: 'sto-3g' }, { method: 'casci' })).rejects.toThrow(
      EngineInputError,
    );
    await expect(
      runHiVqe(
        { molecule_geometry: N2, basis: 'sto-3g', active_orbitals: [], frozen_orbitals: [] },
        { method: 'casci' },
      ),
    ).rejects.toThrow(/active_orbitals is empty/);
  });
});
