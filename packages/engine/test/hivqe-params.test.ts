import { describe, expect, it } from 'vitest';
import { EngineInputError, parseHiVqeParams } from '../src/index.ts';

describe('hyperparameter parsing', () => {
  it('fills in the create form defaults', () => {
    expect(parseHiVqeParams({})).toEqual({
      moleculeGeometry: 'N 0 0 0;N 0 0 1.0',
      basis: 'ccpvdz',
      charge: 0,
      activeOrbitals: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
      frozenOrbitals: [0, 1],
      ansatz: 'epa',
      ansatzEntanglement: 'circular',
      ansatzReps: 2,
      shots: 1000,
      maxIter: 100,
      maxStates: 20000,
      maxExpansionStates: 500,
      configurationRecovery: false,
      amplitudeScreeningTolerance: 1e-20,
      convergenceCount: 3,
      convergenceAbstol: 1e-4,
      resetConvergenceCount: true,
      exactEnergy: null,
      reference: 'auto',
      seed: 0,
      simulator: 'auto',
      mpsBondDimension: 64,
      mpsCutoff: 1e-10,
      orbitals: 'canonical',
    });
  });

  it('reads the engine-only simulation choices, and refuses what it cannot honour', () => {
    expect(
      parseHiVqeParams({ simulator: 'MPS', mps_bond_dimension: '64', mps_cutoff: '1e-8' }),
    ).toMatchObject({
      simulator: 'mps',
      mpsBondDimension: 64,
      mpsCutoff: 1e-8,
    });
    expect(() => parseHiVqeParams({ simulator: 'tensor' })).toThrow(
      'simulator must be one of auto, statevector, mps, got "tensor"',
    );
    expect(() => parseHiVqeParams({ mps_bond_dimension: 2048 })).toThrow(
      'mps_bond_dimension must be between 1 and 1024, got 2048',
    );
    expect(() => parseHiVqeParams({ mps_cutoff: -1 })).toThrow('mps_cutoff must be between 0 and 1, got -1');
    expect(parseHiVqeParams({ orbitals: 'Natural' }).orbitals).toBe('natural');
    expect(() => parseHiVqeParams({ orbitals: 'localized' })).toThrow(
      'orbitals must be one of canonical, natural, got "localized"',
    );
  });

  it('accepts values as strings, the way Braket passes hyperparameters', () => {
    const params = parseHiVqeParams({
      molecule_geometry: ' H 0 0 0;H 0 0 0.74 ',
      basis: 'sto-3g',
      active_orbitals: '[0, 1]',
      frozen_orbitals: '',
      ansatz: 'UCCSD',
      ansatz_entanglement: 'none',
      ansatz_reps: '3',
      shots: '500',
      max_iter: '7',
      max_states: '400',
      max_expansion_states: '20',
      configuration_recovery: 'True',
      amplitude_screening_tolerance: '1e-10',
      convergence_count: '0',
      convergence_abstol: '0.001',
      reset_convergence_count: 'false',
      exact_energy: '-1.137',
      seed: '42',
      device_name: 'ignored',
    });
    expect(params).toMatchObject({
      moleculeGeometry: 'H 0 0 0;H 0 0 0.74',
      activeOrbitals: [0, 1],
      frozenOrbitals: [],
      ansatz: 'uccsd',
      ansatzEntanglement: 'no',
      ansatzReps: 3,
      shots: 500,
      maxIter: 7,
      maxStates: 400,
      maxExpansionStates: 20,
      configurationRecovery: true,
      amplitudeScreeningTolerance: 1e-10,
      convergenceCount: 0,
      convergenceAbstol: 0.001,
      resetConvergenceCount: false,
      exactEnergy: -1.137,
      seed: 42,
    });
    expect(parseHiVqeParams({ active_orbitals: '2,3 4', frozen_orbitals: [0, '1'] })).toMatchObject({
      activeOrbitals: [2, 3, 4],
      frozenOrbitals: [0, 1],
    });
    expect(parseHiVqeParams({ exact_energy: 'None', configuration_recovery: 1 }).exactEnergy).toBeNull();
  });

  it.each([
    [{ shots: 0 }, /shots must be between 1 and 10000000, got 0/],
    [{ shots: 'many' }, /shots must be a number, got "many"/],
    [{ max_iter: 2.5 }, /max_iter must be a whole number/],
    [{ ansatz_reps: '11' }, /ansatz_reps must be between 1 and 10/],
    [{ ansatz: 'ucc-s-t' }, /ansatz must be one of epa, hardware_efficient, uccsd/],
    [
      { ansatz_entanglement: 'star' },
      /ansatz_entanglement must be one of linear, circular, full, pairwise, no/,
    ],
    [{ configuration_recovery: 'maybe' }, /configuration_recovery must be true or false/],
    [{ amplitude_screening_tolerance: -1 }, /amplitude_screening_tolerance must be at least 0/],
    [{ convergence_count: 101 }, /convergence_count must be between 0 and 100/],
    [{ active_orbitals: '2,x' }, /active_orbitals must list orbital indices/],
    [{ active_orbitals: [2, 2] }, /active_orbitals lists an orbital twice/],
    [{ basis: 42 }, /basis must be a string/],
    [{ exact_energy: 'low' }, /exact_energy must be a number/],
  ])('rejects %j', (raw, message) => {
    expect(() => parseHiVqeParams(raw)).toThrow(EngineInputError);
    expect(() => parseHiVqeParams(raw)).toThrow(message);
  });
});
