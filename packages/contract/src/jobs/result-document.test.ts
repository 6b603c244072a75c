import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import type { JobResultDocument } from './job-result.ts';
import { resultDocument, resultDocumentJsonSchema } from './result-document.ts';
import { historyCsv, resultDocumentOf, resultJson } from './result-export.ts';

/** An H2 run as the API answers it: one finished molecule, two iterations (one with no known error). */
const H2: JobResultDocument = {
  job_arn: 'arn:aws:braket:us-east-1:000000000000:job/h2-run',
  job_name: 'h2-run',
  status: 'COMPLETED',
  failure_reason: null,
  backend: 'local',
  device: 'arn:aws:braket:::device/quantum-simulator/amazon/sv1',
  simulated_locally: false,
  shots_per_circuit: 1000,
  hyperparameters: {
    molecule_geometry: 'H 0 0 0;H 0 0 0.74',
    basis: 'sto-3g',
    active_orbitals: '[0,1]',
    frozen_orbitals: '[]',
    shots: '1000',
    configuration_recovery: 'true',
    amplitude_screening_tolerance: '1e-20',
  },
  engine: { name: '@hivqe/engine', version: '0.1.0' },
  input_sha256: 'a'.repeat(64),
  molecules: [
    {
      geometry_tag: '0.74',
      molecule_geometry: 'H 0 0 0;H 0 0 0.74',
      specification: {
        charge: 0,
        multiplicity: 1,
        basis: 'sto-3g',
        electrons: 2,
        active_space: {
          electrons: 2,
          orbitals: 2,
          frozen_core: 0,
          active_orbitals: [0, 1],
          frozen_orbitals: [],
          point_group: 'C1',
        },
      },
      energies: { final: -1.137283, rhf: -1.116759, nuclear_repulsion: 0.715104, casci: -1.137284 },
      rhf_energy: -1.116759,
      reference: { energy: -1.137284, source: 'casci' },
      reference_skip_reason: null,
      perturbative_estimate: null,
      error_mha: 0.001,
      within_chemical_accuracy: true,
      subspace_size: 4,
      full_space_size: 4,
      subspace_fraction: 1,
      string_sources: { sampled: 1, recovered: 0, handover: 1 },
      iterations: 2,
      engine_seconds: 0.25,
      reference_seconds: 0.01,
      cpu_seconds: 0.24,
      leading_determinants: [
        { alpha: '10', beta: '10', coefficient: 0.9937, weight: 0.98744 },
        { alpha: '01', beta: '01', coefficient: -0.112, weight: 0.012544 },
      ],
    },
  ],
  history: [
    { costFunctionCall: 2, energy: -1.13, error: null, numStates: 1, timestamp: '2026-11-28T10:00:00.000Z' },
    {
      costFunctionCall: 4,
      energy: -1.137283,
      error: 0.000001,
      numStates: 4,
      timestamp: '2026-11-28T10:00:01.000Z',
    },
  ],
  result_unavailable_reason: null,
  timings: {
    created_at: '2026-11-28T09:59:00.000Z',
    started_at: '2026-11-28T10:00:00.000Z',
    ended_at: '2026-11-28T10:00:02.000Z',
    wall_seconds: 2,
    engine_seconds: 0.25,
    cpu_seconds: 0.24,
  },
};

const schemaFile = new URL('../../../../docs/result-document.schema.json', import.meta.url);

describe('the result document (issue 30 §4)', () => {
  const document = resultDocumentOf(H2);

  it('names its units, the engine and the input digest', () => {
    expect(document).toMatchObject({
      kind: 'hivqe.result',
      version: 1,
      units: { energy: 'Ha', energy_error: 'mHa', length: 'Å', time: 's' },
      engine: { name: '@hivqe/engine', version: '0.1.0' },
      input: { sha256: 'a'.repeat(64), hyperparameters: H2.hyperparameters },
    });
  });

  it('types the parameters: numbers as numbers, booleans as booleans, orbital lists as lists', () => {
    expect(document.parameters).toEqual({
      molecule_geometry: 'H 0 0 0;H 0 0 0.74',
      basis: 'sto-3g',
      active_orbitals: [0, 1],
      frozen_orbitals: [],
      shots: 1000,
      configuration_recovery: true,
      amplitude_screening_tolerance: 1e-20,
    });
  });

  it('gives the geometry as atoms, the specification and the leading determinants', () => {
    const [molecule] = document.molecules;
    expect(molecule.geometry).toEqual([
      { element: 'H', x: 0, y: 0, z: 0 },
      { element: 'H', x: 0, y: 0, z: 0.74 },
    ]);
    expect(molecule.specification?.active_space).toMatchObject({
      electrons: 2,
      orbitals: 2,
      point_group: 'C1',
    });
    expect(molecule.leading_determinants?.[0]).toEqual({
      alpha: '10',
      beta: '10',
      coefficient: 0.9937,
      weight: 0.98744,
    });
  });

  it('writes the errors in mHa, in the JSON history as in the CSV, as the console shows them', () => {
    expect(document.history.map((point) => point.error_mha)).toEqual([null, 0.001]);
    expect(historyCsv(H2).split('\r\n').slice(0, 3)).toEqual([
      'iteration,cost_function_call,energy_ha,error_mha,subspace_size,timestamp',
      '1,2,-1.13,,1,2026-11-28T10:00:00.000Z',
      '2,4,-1.137283,0.001,4,2026-11-28T10:00:01.000Z',
    ]);
  });

  it("validates against docs/result-document.schema.json, which is the contract's schema", () => {
    const published = JSON.parse(readFileSync(schemaFile, 'utf8')) as Record<string, unknown>;
    expect(published).toEqual(resultDocumentJsonSchema());
    const validate = new Ajv({ allErrors: true }).compile(published);
    const written = JSON.parse(resultJson(H2)) as unknown;
    expect(validate(written), JSON.stringify(validate.errors)).toBe(true);
    expect(resultDocument.parse(written)).toEqual(written);
  });

  it('is refused by the schema when a number is written as a string', () => {
    const validate = new Ajv().compile(resultDocumentJsonSchema());
    const broken = JSON.parse(resultJson(H2)) as { history: { energy: unknown }[] };
    broken.history[0].energy = '-1.13';
    expect(validate(broken)).toBe(false);
  });
});
