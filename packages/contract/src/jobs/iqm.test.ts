import { describe, expect, it } from 'vitest';
import { JOB_NAME_MESSAGE, MOLECULE_ENERGY_MISMATCH_MESSAGE } from './fields.ts';
import { createIqmJobRequest, iqmJob, iqmJobListQuery, iqmJobParams } from './iqm-job-schemas.ts';
import { buildIqmJobPayload } from './iqm-job-payload.ts';
import { IQM_DEVICES, iqmBucketName, iqmJobName, maskApiKey } from './iqm.ts';
import { defaultIqmJobForm } from './job-form.ts';
import { JOB_PATHS } from './paths.ts';

const KEY = `${'k'.repeat(54)}ABCDEFGHIJ`;
const NOW = new Date(1_700_000_000_000);
const payload = () => buildIqmJobPayload(defaultIqmJobForm({ iqm_api_key: KEY }), NOW);

describe('IQM names', () => {
  it('masks the key and names the bucket by its last 10 characters', () => {
    expect(maskApiKey(KEY)).toBe('***ABCDEFGHIJ');
    expect(iqmBucketName(KEY)).toBe('iqm-resonance-ABCDEFGHIJ');
    expect(maskApiKey('short')).toBe('***short');
  });

  it('names a job by the time of creation', () => {
    expect(iqmJobName(NOW)).toBe('iqm-job-1700000000000');
  });

  it('offers the form value and the wizard’s three computers', () => {
    expect(IQM_DEVICES).toEqual(['iqm_resonance', 'emerald', 'garnet', 'sirius']);
  });

  it('addresses a job by its id', () => {
    expect(JOB_PATHS.iqmJob('9f2c-1')).toBe('/hi-vqe/iqm-jobs/9f2c-1');
  });
});

describe('buildIqmJobPayload', () => {
  it('sends every molecule, the form’s settings and the provider tag', () => {
    const form = {
      ...defaultIqmJobForm({ iqm_api_key: KEY }),
      device: 'garnet',
      molecules: { '1.0': 'N 0 0 0;N 0 0 1.0', '2.0': 'N 0 0 0;N 0 0 2.0' },
      exactEnergies: { '1.0': -108.9, '2.0': -108.5 },
    };
    expect(buildIqmJobPayload(form, NOW)).toEqual({
      job_name: 'iqm-job-1700000000000',
      device: 'garnet',
      hyperparameters: {
        shots: 1000,
        max_iterations: 100,
        max_states: 20000,
        max_expansion_states: 500,
        molecules: form.molecules,
        exact_energies: form.exactEnergies,
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
      },
      tags: { Project: 'HI-VQE', User: 'quantum-user', Environment: 'development', Provider: 'IQM' },
    });
  });

  it('passes the server’s validation', () => {
    expect(createIqmJobRequest.safeParse(payload()).success).toBe(true);
    // The default form has no exact energy: the payload sends none and is still valid.
    expect(payload().hyperparameters.exact_energies).toEqual({});
    const { exact_energies: _energies, ...withoutEnergies } = payload().hyperparameters;
    expect(createIqmJobRequest.safeParse({ ...payload(), hyperparameters: withoutEnergies }).success).toBe(
      true,
    );
  });
});

describe('createIqmJobRequest refuses', () => {
  const refusal = (changes: Record<string, unknown>, hyperparameters: Record<string, unknown> = {}) => {
    const value = payload();
    const result = createIqmJobRequest.safeParse({
      ...value,
      ...changes,
      hyperparameters: { ...value.hyperparameters, ...hyperparameters },
    });
    return result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('a device that is not an IQM computer', () => {
    expect(refusal({ device: 'ankaa-3' })).toEqual([
      'device: device must be one of: iqm_resonance, emerald, garnet, sirius',
    ]);
  });

  it('a job name that is empty, blank, too long or holds a control character', () => {
    for (const job_name of ['', '   ', 'a'.repeat(129), 'line\nbreak', 'tab\tname', 'nul\u0000', 'c1\u0085'])
      expect(refusal({ job_name })).toEqual([`job_name: ${JOB_NAME_MESSAGE}`]);
  });

  it('any printable job name up to 128 characters, and none', () => {
    for (const job_name of ['N₂ scan, cc-pVDZ (run 2)', 'a', '水'.repeat(128), '🧪'.repeat(128)])
      expect(refusal({ job_name })).toBeUndefined();
    expect(refusal({ job_name: undefined })).toBeUndefined();
  });

  it('no molecules, or energies that do not match the molecules', () => {
    expect(refusal({}, { molecules: {}, exact_energies: {} })).toEqual([
      'hyperparameters.molecules: molecules must hold at least one molecule',
    ]);
    expect(refusal({}, { exact_energies: { '2.0': -1 } })).toEqual([
      `hyperparameters.exact_energies: ${MOLECULE_ENERGY_MISMATCH_MESSAGE}`,
    ]);
  });

  it('a bad molecule key or geometry', () => {
    expect(refusal({}, { molecules: { one: 'N 0 0 0;N 0 0 1' }, exact_energies: { one: -1 } })).toEqual([
      'hyperparameters.molecules: Each key of molecules must be a bond length with a decimal point, such as 1.0',
      'hyperparameters.exact_energies: Each key of exact_energies must be a bond length with a decimal point, such as 1.0',
    ]);
    expect(refusal({}, { molecules: { '1.0': 'N' } })).toEqual([
      "hyperparameters.molecules.1.0: molecule_geometry must be atoms 'El x y z' separated by ';', e.g. 'H 0 0 0;H 0 0 0.74'",
    ]);
  });

  it('the shared ranges and the orbital rule', () => {
    expect(refusal({}, { max_iterations: 0 })).toEqual([
      'hyperparameters.max_iterations: max_iterations must be a whole number from 1 to 1,000',
    ]);
    expect(refusal({}, { frozen_orbitals: [2] })).toEqual([
      'hyperparameters.frozen_orbitals: An orbital cannot be both active and frozen (2)',
    ]);
  });
});

describe('IQM list and job schemas', () => {
  it('defaults the page size to 10', () => {
    expect(iqmJobListQuery.parse({})).toEqual({ max_results: 10 });
  });

  it('accepts job ids and refuses paths', () => {
    expect(iqmJobParams.parse({ id: '0195a7c3-5f5e-7c1e-9a53-4f2a1d6e8b90' }).id).toHaveLength(36);
    expect(iqmJobParams.safeParse({ id: '../secrets' }).success).toBe(false);
  });

  it('parses a job whose device is not known yet', () => {
    const job = {
      job_name: 'iqm-job-1700000000000',
      status: 'PENDING',
      job_arn: 'iqm:garnet/0195a7c3',
      device: null,
      backend: 'iqm',
      simulated_locally: false,
      created_at: '2024-01-01T00:00:00Z',
      started_at: null,
      ended_at: null,
      hyperparameters: { shots: 1000, molecules: { '1.0': 'N 0 0 0;N 0 0 1.0' } },
      output_data_config: null,
      tags: { Provider: 'IQM' },
      queue: null,
    };
    expect(iqmJob.parse(job)).toEqual(job);
  });

  it("parses a job waiting in IQM's queue, with or without IQM's position", () => {
    const base = {
      job_name: 'iqm-job-1700000000000',
      status: 'RUNNING',
      job_arn: 'iqm:garnet/0195a7c3',
      device: 'garnet',
      backend: 'iqm',
      simulated_locally: false,
      created_at: '2024-01-01T00:00:00Z',
      started_at: '2024-01-01T00:00:01Z',
      ended_at: null,
      hyperparameters: {},
      output_data_config: null,
      tags: {},
    };
    for (const position of [3, null]) {
      const job = { ...base, queue: { position, waiting_since: '2024-01-01T00:00:02Z' } };
      expect(iqmJob.parse(job)).toEqual(job);
    }
    expect(
      iqmJob.safeParse({ ...base, queue: { position: -1, waiting_since: '2024-01-01T00:00:02Z' } }).success,
    ).toBe(false);
  });
});
