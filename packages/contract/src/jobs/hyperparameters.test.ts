import { describe, expect, it } from 'vitest';
import { hyperparameterMap } from './fields.ts';
import { buildHybridJobPayload } from './hybrid-job-payload.ts';
import { fromHyperparameters, toHyperparameters } from './hyperparameters.ts';
import { defaultCloudJobForm } from './job-form.ts';

const payload = () => buildHybridJobPayload(defaultCloudJobForm({ account_id: '123456789012' }));

describe('toHyperparameters', () => {
  it('writes every value as a string, lists as JSON', () => {
    const map = toHyperparameters(payload());
    expect(map).toMatchObject({
      molecule_geometry: 'N 0 0 0;N 0 0 1.0',
      device_name: 'arn:aws:braket:::device/quantum-simulator/amazon/sv1',
      shots: '1000',
      active_orbitals: '[2,3,4,5,6,7,8,9,10,11]',
      frozen_orbitals: '[0,1]',
      amplitude_screening_tolerance: '1e-20',
      convergence_abstol: '0.0001',
      configuration_recovery: 'false',
      reset_convergence_count: 'true',
      debug_use_simulator: 'true',
      geometry_tag: '1.0',
    });
    expect(Object.values(map).every((value) => typeof value === 'string')).toBe(true);
  });

  it('leaves out the optional values a payload does not carry, rather than writing "undefined"', () => {
    const { tolerance: _tolerance, ...withoutTolerance } = payload();
    const map = toHyperparameters(withoutTolerance);
    expect(map).not.toHaveProperty('exact_energy');
    expect(map).not.toHaveProperty('tolerance');
    expect(Object.values(map)).not.toContain('undefined');
  });

  it('adds molecule_options and hivqe_options as JSON strings', () => {
    const map = toHyperparameters(payload());
    expect(JSON.parse(map.molecule_options)).toEqual({
      basis: 'ccpvdz',
      active_orbitals: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
      frozen_orbitals: [0, 1],
    });
    expect(JSON.parse(map.hivqe_options)).toEqual({
      shots: 1000,
      ansatz: 'epa',
      ansatz_entanglement: 'circular',
      ansatz_reps: 2,
      max_iter: 100,
      geometry_tag: '1.0',
    });
  });

  it('leaves out what is not a hyperparameter', () => {
    const map = toHyperparameters(payload());
    for (const key of ['role_arn', 'instance_config', 'output_data_config', 'tags', 'ecr_image_uri']) {
      expect(map).not.toHaveProperty(key);
    }
  });

  it('stays within Braket’s limits', () => {
    expect(hyperparameterMap.safeParse(toHyperparameters(payload())).success).toBe(true);
  });
});

describe('fromHyperparameters', () => {
  it('reads back what toHyperparameters wrote', () => {
    const {
      role_arn: _role,
      ecr_image_uri: _image,
      instance_config: _instance,
      output_data_config: _output,
      tags: _tags,
      ...values
    } = payload();
    expect(fromHyperparameters(toHyperparameters(values))).toEqual(values);
  });

  it('prefers a direct field to the same field in the option JSON', () => {
    const values = fromHyperparameters({
      shots: '500',
      basis: 'sto3g',
      hivqe_options: '{"shots":1000,"ansatz":"uccsd"}',
      molecule_options: '{"basis":"ccpvdz","active_orbitals":[1,2]}',
    });
    expect(values).toEqual({ shots: 500, basis: 'sto3g', ansatz: 'uccsd', active_orbitals: [1, 2] });
  });

  it('falls back on the option JSON when a direct field cannot be read', () => {
    expect(fromHyperparameters({ shots: 'many', hivqe_options: '{"shots":"800"}' })).toEqual({ shots: 800 });
  });

  it('reads Python’s True and False and JSON lists with spaces', () => {
    expect(
      fromHyperparameters({
        configuration_recovery: 'True',
        reset_convergence_count: 'False',
        frozen_orbitals: '[0, 1]',
      }),
    ).toEqual({ configuration_recovery: true, reset_convergence_count: false, frozen_orbitals: [0, 1] });
  });

  it('leaves out values it cannot read and keys it does not know', () => {
    expect(
      fromHyperparameters({
        shots: '1.5',
        exact_energy: '',
        tolerance: 'Infinity',
        active_orbitals: '[1, "2"]',
        frozen_orbitals: 'not json',
        configuration_recovery: 'yes',
        basis: '',
        hivqe_options: '{broken',
        molecule_options: '[1,2]',
        extra: 'value',
      }),
    ).toEqual({});
  });
});
