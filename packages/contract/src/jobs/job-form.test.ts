import { describe, expect, it } from 'vitest';
import { JOB_NAME_MESSAGE } from './fields.ts';
import { defaultCloudJobForm, defaultIqmJobForm, firstMolecule, jobNameProblem } from './job-form.ts';

describe('defaultCloudJobForm', () => {
  it('holds the spec’s defaults', () => {
    const form = defaultCloudJobForm({ account_id: '123456789012', aws_region: 'us-west-1' });
    expect(form).toMatchObject({
      backend: '',
      shots: 1000,
      max_iterations: 100,
      num_qubits: 0,
      optimization_level: 0,
      error_mitigation: false,
      notes: '',
      account_id: '123456789012',
      instance_type: 'ml.m5.24xlarge',
      device: 'arn:aws:braket:::device/quantum-simulator/amazon/sv1',
      parameters: {
        shots: 1000,
        maxIterations: 100,
        tolerance: 0.001,
        max_states: 20000,
        max_expansion_states: 500,
      },
      molecules: { '1.0': 'N 0 0 0;N 0 0 1.0' },
      exactEnergies: {},
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
      aws_default_region: 'us-west-1',
      s3_bucket_name: 'amazon-braket-us-west-1-123456789012',
    });
    expect(form.permission_source).toBeUndefined();
  });

  it('defaults the region to us-east-1 and leaves the bucket empty without an account', () => {
    const form = defaultCloudJobForm({});
    expect(form.aws_default_region).toBe('us-east-1');
    expect(form.account_id).toBe('');
    expect(form.s3_bucket_name).toBe('');
  });

  it('gives every form its own lists', () => {
    const a = defaultCloudJobForm({});
    a.active_orbitals.push(12);
    expect(defaultCloudJobForm({}).active_orbitals).toHaveLength(10);
  });
});

describe('defaultIqmJobForm', () => {
  it('uses the IQM device value, instance and account, with region and bucket once a key is set', () => {
    const key = `${'a'.repeat(54)}0123456789`;
    expect(defaultIqmJobForm({ iqm_api_key: key })).toMatchObject({
      device: 'iqm_resonance',
      instance_type: 'c7i.4xlarge',
      account_id: 'iqm-account',
      aws_default_region: 'eu-west-1',
      s3_bucket_name: 'iqm-resonance-0123456789',
    });
    expect(defaultIqmJobForm({ iqm_api_key: null })).toMatchObject({
      aws_default_region: '',
      s3_bucket_name: '',
    });
  });
});

describe('firstMolecule', () => {
  it('takes the first bond length with its geometry and energy', () => {
    expect(
      firstMolecule({
        molecules: { '1.2': 'N 0 0 0;N 0 0 1.2', '1.0': 'N 0 0 0;N 0 0 1.0' },
        exactEnergies: { '1.0': -108.9, '1.2': -109.1 },
      }),
    ).toEqual({ bondKey: '1.2', geometry: 'N 0 0 0;N 0 0 1.2', exactEnergy: -109.1 });
  });

  it('has no exact energy when the molecule has none (never a placeholder), and is undefined without molecules', () => {
    expect(
      firstMolecule({ molecules: { '1.0': 'H 0 0 0;H 0 0 1' }, exactEnergies: {} })?.exactEnergy,
    ).toBeUndefined();
    expect(firstMolecule({ molecules: {}, exactEnergies: {} })).toBeUndefined();
  });
});

describe('jobNameProblem', () => {
  it('accepts a blank name (the default applies) and any printable name up to 128 characters', () => {
    for (const name of ['', '   ', 'N₂ scan', 'x'.repeat(128)]) expect(jobNameProblem(name)).toBeNull();
  });

  it('refuses what the server refuses', () => {
    for (const name of ['x'.repeat(129), 'tab\there']) expect(jobNameProblem(name)).toBe(JOB_NAME_MESSAGE);
  });
});
