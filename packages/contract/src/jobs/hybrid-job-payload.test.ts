import { describe, expect, it } from 'vitest';
import { ANKAA_3, ARIA_1, SV1 } from './devices.ts';
import { createHybridJobRequest } from './hybrid-job-create.ts';
import { NO_MOLECULE_MESSAGE, backendName, buildHybridJobPayload } from './hybrid-job-payload.ts';
import { toHyperparameters } from './hyperparameters.ts';
import { defaultCloudJobForm } from './job-form.ts';

const ACCOUNT = '123456789012';
const form = () => defaultCloudJobForm({ account_id: ACCOUNT, aws_region: 'us-east-1' });

describe('buildHybridJobPayload', () => {
  it('builds the cloud payload of the default form', () => {
    expect(buildHybridJobPayload(form())).toEqual({
      role_arn: 'arn:aws:iam::123456789012:role/service-role/AmazonBraketJobsExecutionRole',
      device_name: SV1.arn,
      backend_name: 'SV1',
      molecule_geometry: 'N 0 0 0;N 0 0 1.0',
      active_orbitals: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
      frozen_orbitals: [0, 1],
      basis: 'ccpvdz',
      ansatz: 'epa',
      ansatz_entanglement: 'circular',
      ansatz_reps: 2,
      max_iter: 100,
      shots: 1000,
      max_states: 20000,
      max_expansion_states: 500,
      tolerance: 0.001,
      geometry_tag: '1.0',
      debug_use_simulator: true,
      aws_region: 'us-east-1',
      ecr_image_uri: 'hi-vqe/engine:latest',
      configuration_recovery: false,
      amplitude_screening_tolerance: 1e-20,
      convergence_count: 3,
      convergence_abstol: 1e-4,
      reset_convergence_count: true,
      instance_config: { instanceType: 'ml.m5.24xlarge', volumeSizeInGb: 100, instanceCount: 1 },
      output_data_config: { s3Path: 's3://amazon-braket-us-east-1-123456789012/jobs' },
      tags: { Project: 'HI-VQE', User: 'quantum-user', Environment: 'development' },
    });
  });

  it('passes the server’s validation', () => {
    expect(createHybridJobRequest.safeParse(buildHybridJobPayload(form())).success).toBe(true);
  });

  it('sends the name the user typed, and none for a blank name (the server then names the job)', () => {
    expect(buildHybridJobPayload({ ...form(), job_name: 'N2 at 1.0 Å' }).job_name).toBe('N2 at 1.0 Å');
    expect(buildHybridJobPayload({ ...form(), job_name: '  ' })).not.toHaveProperty('job_name');
  });

  it('leaves out role and bucket when the form knows no account', () => {
    const payload = buildHybridJobPayload(defaultCloudJobForm({}));
    expect(payload).not.toHaveProperty('role_arn');
    expect(payload).not.toHaveProperty('output_data_config');
    expect(createHybridJobRequest.safeParse(payload).success).toBe(true);
  });

  it('prefers the form’s bucket and strips dashes from the account', () => {
    const payload = buildHybridJobPayload({
      ...form(),
      account_id: '1234-5678-9012',
      s3_bucket_name: 'my-results',
    });
    expect(payload.role_arn).toBe(
      'arn:aws:iam::123456789012:role/service-role/AmazonBraketJobsExecutionRole',
    );
    expect(payload.output_data_config).toEqual({ s3Path: 's3://my-results/jobs' });
  });

  it('sends the first molecule in the spec’s fields, and every molecule for a scan (issue 11 §3)', () => {
    const payload = buildHybridJobPayload({
      ...form(),
      molecules: { '1.2': 'N 0 0 0;N 0 0 1.2', '1.0': 'N 0 0 0;N 0 0 1.0', '1.4': 'N 0 0 0;N 0 0 1.4' },
      exactEnergies: { '1.0': -108.9, '1.2': -109.05, '2.0': -108.5 },
    });
    expect(payload).toMatchObject({
      molecule_geometry: 'N 0 0 0;N 0 0 1.2',
      exact_energy: -109.05,
      geometry_tag: '1.2',
      molecules: { '1.2': 'N 0 0 0;N 0 0 1.2', '1.0': 'N 0 0 0;N 0 0 1.0', '1.4': 'N 0 0 0;N 0 0 1.4' },
      // An energy left over from a removed bond length is not sent.
      exact_energies: { '1.0': -108.9, '1.2': -109.05 },
    });
    expect(Object.keys(payload.molecules ?? {})).toEqual(['1.2', '1.0', '1.4']);
    expect(createHybridJobRequest.safeParse(payload).success).toBe(true);
  });

  it('sends no molecule list for one molecule: the spec’s payload, field for field', () => {
    const payload = buildHybridJobPayload(form());
    expect(payload).not.toHaveProperty('molecules');
    expect(payload).not.toHaveProperty('exact_energies');
  });

  it('sends a QPU job to its device’s region and not to the simulator', () => {
    const payload = buildHybridJobPayload({ ...form(), device: ANKAA_3.arn, s3_bucket_name: '' });
    expect(payload).toMatchObject({
      aws_region: 'us-west-1',
      backend_name: 'ANKAA-3',
      debug_use_simulator: false,
    });
    expect(payload.output_data_config).toEqual({ s3Path: 's3://amazon-braket-us-west-1-123456789012/jobs' });
  });

  it('takes max_iter from the parameters and shots from the top-level field', () => {
    const payload = buildHybridJobPayload({
      ...form(),
      shots: 2000,
      parameters: { ...form().parameters, shots: 1, maxIterations: 7 },
    });
    expect(payload).toMatchObject({ shots: 2000, max_iter: 7 });
  });

  it('sends compute_reference only when the form asks for the CASCI reference (issue 30 §3)', () => {
    expect(buildHybridJobPayload(form())).not.toHaveProperty('compute_reference');
    const asked = buildHybridJobPayload({ ...form(), compute_reference: true });
    expect(asked).toMatchObject({ compute_reference: true });
    expect(createHybridJobRequest.safeParse(asked).success).toBe(true);
    expect(toHyperparameters(asked)).toMatchObject({ compute_reference: 'true' });
  });

  it('carries the chosen permission source', () => {
    const source = { type: 'individual' };
    expect(buildHybridJobPayload({ ...form(), permission_source: source }).permission_source).toEqual(source);
  });

  it('refuses a form without molecules', () => {
    expect(() => buildHybridJobPayload({ ...form(), molecules: {}, exactEnergies: {} })).toThrow(
      NO_MOLECULE_MESSAGE,
    );
  });
});

describe('backendName', () => {
  it('uses the backend field when given', () => {
    expect(backendName(' MyBackend ', SV1.arn)).toBe('MyBackend');
  });

  it('otherwise upper-cases the device’s last segment, and falls back on SV1', () => {
    expect(backendName('', ARIA_1.arn)).toBe('ARIA-1');
    expect(backendName('', 'arn:aws:braket:::device/quantum-simulator/amazon/dm1')).toBe('DM1');
    expect(backendName('', '')).toBe('SV1');
  });
});
