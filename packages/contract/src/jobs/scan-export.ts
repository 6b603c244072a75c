import { z } from 'zod';
import { RESULT_UNITS } from './result-document.ts';
import { resultFormat } from './result-format.ts';
import type { ScanJob, ScanResponse } from './scans.ts';

/**
 * A scan's potential-energy curve as files (issue 30 §4, issue 28 §5): CSV for a spreadsheet, JSON for a
 * notebook. The console's buttons and GET /hi-vqe/hybrid-jobs/scan?format= write them with these functions,
 * so both give the same bytes.
 */

export const SCAN_CURVE_KIND = 'hivqe.scan-curve';
export const SCAN_CURVE_VERSION = 1;

/** GET /hi-vqe/hybrid-jobs/scan: without `format` the API's JSON answer, with it the file. */
export const scanDownloadQuery = z.object({
  scan_id: z.uuid({ message: 'scan_id must be a scan id (a UUID)' }),
  format: resultFormat,
});

const baseName = (scan: ScanResponse) => scan.scan_name.replace(/[^A-Za-z0-9._-]+/g, '_') || 'scan';
export const scanCurveFileName = (scan: ScanResponse, extension: 'csv' | 'json' | 'svg' | 'png') =>
  `${baseName(scan)}-curve.${extension}`;

/** One bond length of the curve; energies null until its job has them. */
function curvePoint(job: ScanJob) {
  const { result } = job;
  return {
    bond_length: job.bond_length,
    job_arn: job.job_arn,
    job_name: job.job_name,
    status: job.status,
    failure_reason: job.failure_reason,
    geometry_text: result.molecule_geometry,
    final_energy: result.energies?.final ?? null,
    rhf_energy: result.energies?.rhf ?? null,
    casci_energy: result.energies?.casci ?? null,
    reference_energy: result.reference?.energy ?? null,
    reference_source: result.reference?.source ?? null,
    error_mha: result.error_mha,
    within_chemical_accuracy: result.within_chemical_accuracy,
    subspace_size: result.subspace_size,
  };
}

/** The curve as a JSON document: energies in Ha, errors in mHa, bond lengths in Å (its `units`). */
export function scanCurveDocument(scan: ScanResponse) {
  return {
    kind: SCAN_CURVE_KIND,
    version: SCAN_CURVE_VERSION,
    units: {
      energy: RESULT_UNITS.energy,
      energy_error: RESULT_UNITS.energy_error,
      length: RESULT_UNITS.length,
    },
    scan: { id: scan.scan_id, name: scan.scan_name, created_at: scan.created_at },
    points: scan.jobs.map(curvePoint),
  };
}
export type ScanCurveDocument = ReturnType<typeof scanCurveDocument>;

export const scanCurveJson = (scan: ScanResponse) => `${JSON.stringify(scanCurveDocument(scan), null, 2)}\n`;

const SCAN_CSV_COLUMNS = [
  'bond_length_angstrom',
  'final_energy_ha',
  'rhf_energy_ha',
  'casci_energy_ha',
  'reference_energy_ha',
  'reference_source',
  'error_mha',
  'within_chemical_accuracy',
  'subspace_size',
  'status',
  'job_name',
  'job_arn',
] as const;

/** RFC 4180: a cell with a comma, quote or line break is quoted, its quotes doubled. */
const csvCell = (value: string | number | boolean | null) => {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** One row per bond length, shortest first as the scan lists them; a value not known yet is an empty cell. */
export function scanCurveCsv(scan: ScanResponse): string {
  const rows = scan.jobs
    .map(curvePoint)
    .map((point) =>
      [
        point.bond_length,
        point.final_energy,
        point.rhf_energy,
        point.casci_energy,
        point.reference_energy,
        point.reference_source,
        point.error_mha,
        point.within_chemical_accuracy,
        point.subspace_size,
        point.status,
        point.job_name,
        point.job_arn,
      ]
        .map(csvCell)
        .join(','),
    );
  return [SCAN_CSV_COLUMNS.join(','), ...rows].map((line) => `${line}\r\n`).join('');
}
