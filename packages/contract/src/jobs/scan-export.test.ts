import { describe, expect, it } from 'vitest';
import type { MoleculeResult } from './job-result.ts';
import { scanCurveCsv, scanCurveDocument, scanCurveFileName, scanCurveJson } from './scan-export.ts';
import type { ScanResponse } from './scans.ts';

const pending = (geometry: string): MoleculeResult => ({
  geometry_tag: null,
  molecule_geometry: geometry,
  specification: null,
  energies: null,
  rhf_energy: null,
  reference: null,
  reference_skip_reason: null,
  perturbative_estimate: null,
  error_mha: null,
  within_chemical_accuracy: null,
  subspace_size: null,
  full_space_size: null,
  subspace_fraction: null,
  string_sources: null,
  iterations: null,
  engine_seconds: null,
  reference_seconds: null,
  cpu_seconds: null,
  leading_determinants: null,
});

const SCAN: ScanResponse = {
  scan_id: '7d1c1c4e-4a37-4d0c-9d43-54b0b51c8a11',
  scan_name: 'H2 curve, "test"',
  created_at: '2026-11-28T10:00:00.000Z',
  jobs: [
    {
      job_arn: 'arn:job/1',
      job_name: 'H2 curve, "test" 0.7',
      status: 'COMPLETED',
      failure_reason: null,
      bond_length: 0.7,
      result: {
        ...pending('H 0 0 0; H 0 0 0.7'),
        geometry_tag: '0.7',
        energies: { final: -1.136189, rhf: -1.117349, nuclear_repulsion: 0.756, casci: -1.13619 },
        rhf_energy: -1.117349,
        reference: { energy: -1.13619, source: 'casci' },
        error_mha: 0.001,
        within_chemical_accuracy: true,
        subspace_size: 4,
      },
    },
    {
      job_arn: 'arn:job/2',
      job_name: 'H2 curve 1.0',
      status: 'RUNNING',
      failure_reason: null,
      bond_length: 1,
      result: { ...pending('H 0 0 0; H 0 0 1.0'), geometry_tag: '1.0' },
    },
  ],
};

describe("a scan's curve as files (issue 30 §4)", () => {
  it('writes one CSV row per bond length, energies in Ha and errors in mHa, quoting where needed', () => {
    expect(scanCurveCsv(SCAN)).toBe(
      'bond_length_angstrom,final_energy_ha,rhf_energy_ha,casci_energy_ha,reference_energy_ha,' +
        'reference_source,error_mha,within_chemical_accuracy,subspace_size,status,job_name,job_arn\r\n' +
        '0.7,-1.136189,-1.117349,-1.13619,-1.13619,casci,0.001,true,4,COMPLETED,"H2 curve, ""test"" 0.7",arn:job/1\r\n' +
        '1,,,,,,,,,RUNNING,H2 curve 1.0,arn:job/2\r\n',
    );
  });

  it('writes a JSON document with units and typed values, nulls where a job has no result yet', () => {
    const document = scanCurveDocument(SCAN);
    expect(document).toMatchObject({
      kind: 'hivqe.scan-curve',
      version: 1,
      units: { energy: 'Ha', energy_error: 'mHa', length: 'Å' },
      scan: { id: SCAN.scan_id, name: SCAN.scan_name },
    });
    expect(document.points[0]).toMatchObject({ bond_length: 0.7, final_energy: -1.136189, error_mha: 0.001 });
    expect(document.points[1]).toMatchObject({ bond_length: 1, final_energy: null, status: 'RUNNING' });
    expect(JSON.parse(scanCurveJson(SCAN))).toEqual(document);
  });

  it('names the files after the scan', () => {
    expect(scanCurveFileName(SCAN, 'png')).toBe('H2_curve_test_-curve.png');
  });
});
