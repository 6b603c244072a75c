import { describe, expect, it } from 'vitest';
import { CLONE_MESSAGES, cloneJobForm } from './clone.ts';
import { AQUILA } from './devices.ts';
import { buildHybridJobPayload } from './hybrid-job-payload.ts';
import type { HybridJobDetailResponse } from './hybrid-job-schemas.ts';
import { toHyperparameters } from './hyperparameters.ts';
import { defaultCloudJobForm, type JobForm } from './job-form.ts';

const SETTINGS = { account_id: '123456789012', aws_region: 'us-east-1' };
const base = () => defaultCloudJobForm(SETTINGS);

/** The detail the server answers for a job created from a payload. */
function detailOf(form: JobForm): HybridJobDetailResponse {
  const { instance_config, output_data_config, role_arn, ...payload } = buildHybridJobPayload(form);
  return {
    job_arn: 'arn:aws:braket:us-east-1:123456789012:job/hivqe-1',
    job_history: {
      job_name: 'hivqe-1',
      job_status: 'COMPLETED',
      status: 'COMPLETED',
      created_at: '2024-01-01T00:00:00Z',
      last_updated: '2024-01-01T01:00:00Z',
      assume_role_used: true,
      role_arn: role_arn ?? null,
    },
    job_parameters: {
      hyperparameters: toHyperparameters(payload),
      output_data_config: output_data_config ?? null,
      instance_config,
    },
  };
}

describe('cloneJobForm', () => {
  it('gives back the form a job was created from, with its first molecule', () => {
    const original: JobForm = {
      ...base(),
      backend: 'AQUILA',
      device: AQUILA.arn,
      shots: 4000,
      max_iterations: 25,
      instance_type: 'ml.c5.9xlarge',
      s3_bucket_name: 'my-results',
      parameters: {
        shots: 4000,
        maxIterations: 25,
        tolerance: 0.01,
        max_states: 5000,
        max_expansion_states: 50,
      },
      molecules: { '0.74': 'H 0 0 0;H 0 0 0.74', '1.0': 'H 0 0 0;H 0 0 1.0' },
      exactEnergies: { '0.74': -1.137283834, '1.0': -1.1 },
      active_orbitals: [0, 1],
      frozen_orbitals: [],
      basis: 'sto-3g',
      ansatz: 'uccsd',
      ansatz_entanglement: 'pairwise',
      ansatz_reps: 4,
      configuration_recovery: true,
      amplitude_screening_tolerance: 1e-12,
      convergence_count: 0,
      convergence_abstol: 1e-6,
      reset_convergence_count: false,
      compute_reference: true,
    };
    expect(cloneJobForm(detailOf(original), base())).toEqual({
      ...original,
      molecules: { '0.74': 'H 0 0 0;H 0 0 0.74' },
      exactEnergies: { '0.74': -1.137283834 },
    });
  });

  it('round-trips the default form unchanged except for the derived backend', () => {
    expect(cloneJobForm(detailOf(base()), base())).toEqual({ ...base(), backend: 'SV1' });
  });

  it('is null for a job without hyperparameters', () => {
    const detail = detailOf(base());
    expect(
      cloneJobForm(
        { ...detail, job_parameters: { ...detail.job_parameters, hyperparameters: null } },
        base(),
      ),
    ).toBeNull();
    expect(
      cloneJobForm({ ...detail, job_parameters: { ...detail.job_parameters, hyperparameters: {} } }, base()),
    ).toBeNull();
    expect(CLONE_MESSAGES.noHyperparameters).toBe('Failed to clone job: No hyperparameters found');
  });

  it('reads an older job that carries only the option JSON and the geometry', () => {
    const detail = detailOf(base());
    const cloned = cloneJobForm(
      {
        ...detail,
        job_parameters: {
          hyperparameters: {
            molecule_geometry: 'Li 0 0 0;H 0 0 1.6',
            molecule_options: '{"basis":"sto3g","active_orbitals":[0,1,2,3,4,5],"frozen_orbitals":[]}',
            hivqe_options:
              '{"shots":300,"ansatz":"hardware_efficient","ansatz_reps":1,"max_iter":9,"geometry_tag":"1.6"}',
          },
          output_data_config: null,
          instance_config: null,
        },
      },
      base(),
    );
    expect(cloned).toEqual({
      ...base(),
      shots: 300,
      max_iterations: 9,
      parameters: { ...base().parameters, shots: 300, maxIterations: 9 },
      molecules: { '1.6': 'Li 0 0 0;H 0 0 1.6' },
      exactEnergies: {},
      basis: 'sto3g',
      active_orbitals: [0, 1, 2, 3, 4, 5],
      frozen_orbitals: [],
      ansatz: 'hardware_efficient',
      ansatz_reps: 1,
    });
  });

  it('keeps the base molecules when the job names no geometry', () => {
    const cloned = cloneJobForm(
      {
        ...detailOf(base()),
        job_parameters: { hyperparameters: { shots: '10' }, output_data_config: null, instance_config: null },
      },
      base(),
    );
    expect(cloned?.molecules).toEqual(base().molecules);
    expect(cloned?.shots).toBe(10);
  });
});
