import { describe, expect, it } from 'vitest';
import { BRAKET_MAX_TAGS, JOB_ID_TAG, MAX_USER_TAGS } from './braket-resources.ts';
import { ANKAA_3, GARNET } from './devices.ts';
import { GEOMETRY_MESSAGE, JOB_NAME_MESSAGE, ORBITALS_OVERLAP_MESSAGE } from './fields.ts';
import {
  MAX_EXPANSION_STATES,
  MAX_ITERATIONS,
  MAX_RUNTIME_S,
  MAX_SHOTS,
  MAX_STATES,
} from './hyperparameter-bounds.ts';
import {
  createHybridJobRequest,
  createHybridJobResponse,
  hybridJobHyperparameters,
} from './hybrid-job-create.ts';
import { buildHybridJobPayload } from './hybrid-job-payload.ts';
import { defaultCloudJobForm } from './job-form.ts';

const valid = () => buildHybridJobPayload(defaultCloudJobForm({ account_id: '123456789012' }));

/** The messages a payload with these changes is refused with, by field path. */
function refusals(changes: Record<string, unknown>): Record<string, string> {
  const result = createHybridJobRequest.safeParse({ ...valid(), ...changes });
  expect(result.success).toBe(false);
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('createHybridJobRequest accepts', () => {
  it('the built payload, and every range boundary', () => {
    const edges = [
      { shots: 1, max_iter: 1, max_states: 1, max_expansion_states: 1, ansatz_reps: 1, convergence_count: 0 },
      {
        shots: MAX_SHOTS,
        max_iter: MAX_ITERATIONS,
        max_states: MAX_STATES,
        max_expansion_states: MAX_EXPANSION_STATES,
        ansatz_reps: 10,
        convergence_count: 100,
      },
      { tolerance: 0, amplitude_screening_tolerance: 0, convergence_abstol: 0, max_runtime: 1 },
      { tolerance: 1, amplitude_screening_tolerance: 1, convergence_abstol: 1, max_runtime: MAX_RUNTIME_S },
    ];
    for (const changes of edges)
      expect(createHybridJobRequest.safeParse({ ...valid(), ...changes }).success).toBe(true);
  });

  it('a payload without exact_energy and tolerance: the reference is then the engine’s CASCI', () => {
    const {
      exact_energy: _energy,
      tolerance: _tolerance,
      ...payload
    } = {
      ...valid(),
      exact_energy: -1,
    };
    expect(createHybridJobRequest.safeParse(payload).success).toBe(true);
  });

  it('both forms’ option spellings and instance types', () => {
    for (const changes of [
      { basis: 'sto-3g', ansatz: 'ucc-s-t-d-q-p', ansatz_entanglement: 'no' },
      { basis: '631gdp', ansatz: 'hardware_efficient', ansatz_entanglement: 'pairwise' },
      {
        basis: '6-31g**',
        instance_config: { instanceType: 'hpc6id.32xlarge', volumeSizeInGb: 100, instanceCount: 1 },
      },
    ]) {
      expect(createHybridJobRequest.safeParse({ ...valid(), ...changes }).success).toBe(true);
    }
  });

  it('a QPU in its own region, no frozen orbitals, and no role or bucket', () => {
    const { role_arn: _role, output_data_config: _output, ...rest } = valid();
    expect(
      createHybridJobRequest.safeParse({
        ...rest,
        device_name: GARNET.arn,
        aws_region: 'eu-north-1',
        frozen_orbitals: [],
      }).success,
    ).toBe(true);
  });

  it('a job name of 1 to 128 printable characters', () => {
    for (const job_name of ['a', 'H₂ bond scan (cc-pVDZ)', 'x'.repeat(128)])
      expect(createHybridJobRequest.parse({ ...valid(), job_name }).job_name).toBe(job_name);
  });

  it('and drops fields it does not know', () => {
    const parsed = createHybridJobRequest.parse({ ...valid(), notes: 'hello' });
    expect(parsed).not.toHaveProperty('notes');
  });
});

describe('createHybridJobRequest refuses', () => {
  it.each(['', ' ', 'x'.repeat(129), 'two\nlines', 'bell\u0007', 'del\u007f'])(
    'the job name %j',
    (job_name) => {
      expect(refusals({ job_name })).toEqual({ job_name: JOB_NAME_MESSAGE });
    },
  );

  it.each([
    ['shots', 0, 'shots must be a whole number from 1 to 100,000'],
    ['shots', 100_001, 'shots must be a whole number from 1 to 100,000'],
    ['shots', 1.5, 'shots must be a whole number from 1 to 100,000'],
    ['shots', '1000', 'shots must be a whole number from 1 to 100,000'],
    ['max_iter', 0, 'max_iter must be a whole number from 1 to 1,000'],
    ['max_iter', 10_000_000, 'max_iter must be a whole number from 1 to 1,000'],
    ['max_iter', 1e308, 'max_iter must be a whole number from 1 to 1,000'],
    ['max_states', 10_000_001, 'max_states must be a whole number from 1 to 10,000,000'],
    ['max_expansion_states', 0, 'max_expansion_states must be a whole number from 1 to 10,000,000'],
    ['ansatz_reps', 0, 'ansatz_reps must be a whole number from 1 to 10'],
    ['ansatz_reps', 11, 'ansatz_reps must be a whole number from 1 to 10'],
    ['convergence_count', -1, 'convergence_count must be a whole number from 0 to 100'],
    ['convergence_count', 101, 'convergence_count must be a whole number from 0 to 100'],
    ['tolerance', -0.001, 'tolerance must be a number from 0 to 1'],
    ['tolerance', 1.5, 'tolerance must be a number from 0 to 1'],
    ['amplitude_screening_tolerance', -1e-20, 'amplitude_screening_tolerance must be a number from 0 to 1'],
    ['convergence_abstol', Infinity, 'convergence_abstol must be a number from 0 to 1'],
    ['convergence_abstol', 1e308, 'convergence_abstol must be a number from 0 to 1'],
    ['exact_energy', NaN, 'exact_energy must be a number from -1,000,000 to 1,000,000 (Hartree)'],
    ['exact_energy', -1e308, 'exact_energy must be a number from -1,000,000 to 1,000,000 (Hartree)'],
    ['max_runtime', 0, 'max_runtime must be a whole number from 1 to 432,000'],
    ['configuration_recovery', 'false', 'configuration_recovery must be true or false'],
    ['geometry_tag', '1', 'geometry_tag must be a bond length with a decimal point, such as 1.0'],
    [
      'basis',
      'def2-svp',
      'basis must be one of: sto3g, 631g, 631gd, 631gdp, ccpvdz, ccpvtz, ccpvqz, augccpvdz, augccpvtz, sto-3g, 6-31g, 6-31g*, 6-31g**',
    ],
    [
      'ansatz',
      'qaoa',
      'ansatz must be one of: epa, uccsd, hardware_efficient, ucc, ucc-s, ucc-s-d, ucc-s-t, ucc-s-t-d, ucc-s-t-d-q, ucc-s-t-d-q-p',
    ],
    [
      'ansatz_entanglement',
      'star',
      'ansatz_entanglement must be one of: circular, linear, full, pairwise, no',
    ],
    [
      'aws_region',
      'eu-west-1',
      'aws_region must be one of: us-east-1, us-west-1, us-west-2, eu-west-2, eu-north-1',
    ],
    [
      'device_name',
      'arn:aws:braket:us-east-1::device/qpu/ionq/Harmony',
      'device_name must be the ARN of a known device',
    ],
    ['backend_name', '', 'backend_name must be 1-64 letters, digits, dots, dashes or underscores'],
    [
      'role_arn',
      'arn:aws:iam::12345:role/x',
      'role_arn must be an IAM role ARN such as arn:aws:iam::123456789012:role/name',
    ],
  ])('%s = %j', (field, value, message) => {
    expect(refusals({ [field]: value })[field]).toBe(message);
  });

  it('orbital lists that are empty, negative, fractional or repeat an orbital', () => {
    expect(refusals({ active_orbitals: [] }).active_orbitals).toBe(
      'active_orbitals must list at least 1 orbital',
    );
    expect(refusals({ active_orbitals: [2, -1] })['active_orbitals.1']).toBe(
      'active_orbitals must not be negative',
    );
    expect(refusals({ frozen_orbitals: [0.5] })['frozen_orbitals.0']).toBe(
      'frozen_orbitals must list whole orbital numbers',
    );
    expect(refusals({ active_orbitals: [2, 3, 2] }).active_orbitals).toBe(
      'active_orbitals must not repeat an orbital',
    );
    expect(refusals({ frozen_orbitals: '[0,1]' }).frozen_orbitals).toBe(
      'frozen_orbitals must be a list of orbital numbers',
    );
  });

  it('an orbital both active and frozen', () => {
    expect(refusals({ active_orbitals: [1, 2, 3], frozen_orbitals: [0, 1, 2] }).frozen_orbitals).toBe(
      `${ORBITALS_OVERLAP_MESSAGE} (1, 2)`,
    );
  });

  it('a geometry that is not El x y z atoms, or is too long', () => {
    expect(refusals({ molecule_geometry: 'N 0 0;N 0 0 1' }).molecule_geometry).toBe(GEOMETRY_MESSAGE);
    expect(refusals({ molecule_geometry: '' }).molecule_geometry).toBe(GEOMETRY_MESSAGE);
    expect(refusals({ molecule_geometry: `H 0 0 0;H 0 0 ${'1'.repeat(2500)}` }).molecule_geometry).toBe(
      'molecule_geometry must be at most 2500 characters',
    );
  });

  it('a device its region does not offer', () => {
    expect(refusals({ device_name: ANKAA_3.arn, aws_region: 'us-east-1' }).device_name).toBe(
      'Rigetti Ankaa-3 is not offered in us-east-1',
    );
    expect(refusals({ aws_region: 'eu-north-1' }).device_name).toBe(
      'SV1 (state vector simulator) is not offered in eu-north-1',
    );
  });

  it('instance settings other than the product’s', () => {
    const instance = valid().instance_config;
    expect(
      refusals({ instance_config: { ...instance, instanceType: 'm5.large' } })[
        'instance_config.instanceType'
      ],
    ).toMatch(/^instanceType must be one of: ml\.m5\.large, /);
    expect(
      refusals({ instance_config: { ...instance, volumeSizeInGb: 50 } })['instance_config.volumeSizeInGb'],
    ).toBe('volumeSizeInGb must be 100');
    expect(
      refusals({ instance_config: { ...instance, instanceCount: 2 } })['instance_config.instanceCount'],
    ).toBe('instanceCount must be 1');
  });

  it('an output path that is not an s3 bucket', () => {
    expect(
      refusals({ output_data_config: { s3Path: 'https://example.com/jobs' } })['output_data_config.s3Path'],
    ).toBe('s3Path must be an s3:// address of a bucket');
  });

  it('more tags than Braket takes with the one the server adds, and the reserved keys', () => {
    const tagged = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, 'v']));
    expect(createHybridJobRequest.safeParse({ ...valid(), tags: tagged(MAX_USER_TAGS) }).success).toBe(true);
    expect(MAX_USER_TAGS + 1).toBe(BRAKET_MAX_TAGS);
    expect(refusals({ tags: tagged(MAX_USER_TAGS + 1) }).tags).toBe(
      'At most 49 tags (AWS allows 50 and the server adds hivqe-job-id)',
    );
    for (const key of [JOB_ID_TAG, 'aws:createdBy', 'AWS:x'])
      expect(refusals({ tags: { [key]: 'v' } }).tags).toMatch(/reserved/);
  });

  it("a geometry with a line separator Braket's one-line hyperparameters refuse", () => {
    for (const separator of ['\u0085', '\u2028', '\u2029'])
      expect(refusals({ molecule_geometry: `H 0 0 0;${separator}H 0 0 0.74` }).molecule_geometry).toMatch(
        /Unicode line separators/,
      );
  });

  it('a permission source with a malformed organization id', () => {
    expect(
      refusals({ permission_source: { type: 'organization', organization_id: 'org-1' } }),
    ).toHaveProperty(['permission_source.organization_id']);
  });

  it('a payload without its required fields, naming each', () => {
    const result = createHybridJobRequest.safeParse({});
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining([
        'shots',
        'molecule_geometry',
        'device_name',
        'aws_region',
        'instance_config',
        'tags',
      ]),
    );
  });
});

describe('hybridJobHyperparameters', () => {
  it('applies the same rules to the hyperparameters alone', () => {
    const {
      role_arn: _r,
      ecr_image_uri: _e,
      instance_config: _i,
      output_data_config: _o,
      tags: _t,
      ...values
    } = valid();
    expect(hybridJobHyperparameters.safeParse(values).success).toBe(true);
    expect(
      hybridJobHyperparameters.safeParse({ ...values, frozen_orbitals: [2] }).error?.issues[0].message,
    ).toBe(`${ORBITALS_OVERLAP_MESSAGE} (2)`);
  });
});

describe('createHybridJobResponse', () => {
  it('is the job ARN and its status', () => {
    const response = { job_arn: 'arn:aws:braket:us-east-1:123456789012:job/hivqe-1', status: 'QUEUED' };
    expect(createHybridJobResponse.parse(response)).toEqual(response);
    expect(createHybridJobResponse.safeParse({ ...response, status: 'queued' }).success).toBe(false);
  });
});
