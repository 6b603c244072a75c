import { DEFAULT_DEVICE_ARN } from './devices.ts';

/** Default job values (jobs.md 3 'Job creation form', 9 'Default job values'). */
export const JOB_DEFAULTS = {
  device: DEFAULT_DEVICE_ARN,
  shots: 1000,
  maxIterations: 100,
  tolerance: 0.001,
  max_states: 20000,
  max_expansion_states: 500,
  active_orbitals: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
  frozen_orbitals: [0, 1],
  basis: 'ccpvdz',
  ansatz: 'epa',
  ansatz_entanglement: 'circular',
  ansatz_reps: 2,
  configuration_recovery: false,
  amplitude_screening_tolerance: 1e-20,
  convergence_count: 3,
  convergence_abstol: 1e-4,
  reset_convergence_count: true,
} as const;

/** The first molecule's bond length. Molecules start without an exact energy: the engine's CASCI stands in. */
export const DEFAULT_BOND_KEY = '1.0';

/** A new molecule: a nitrogen pair at the bond length (jobs.md 5 'Molecules'). */
export const defaultGeometry = (bondKey: string) => `N 0 0 0;N 0 0 ${bondKey}`;

export const DEFAULT_JOB_TAGS = {
  Project: 'HI-VQE',
  User: 'quantum-user',
  Environment: 'development',
} as const;
