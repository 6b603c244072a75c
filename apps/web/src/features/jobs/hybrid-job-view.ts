import {
  arnRegion,
  bondLengthFromGeometry,
  deviceNameFromPath,
  deviceVendorFromPath,
  fromHyperparameters,
  moleculeName,
  orbitalSummary,
  type HybridJob,
} from '@hivqe/contract';

/** What the jobs table shows of a job (jobs.md 2.1 'Table columns'), read from its hyperparameters. */
export interface HybridJobView {
  /** The name the user gave the job in its Name tag (AWS's convention), shown before the server's job_name. */
  givenName: string | null;
  region: string;
  deviceName: string;
  deviceVendor: string;
  shots: number | undefined;
  molecule: { text: string; orbitals: string; tooltip: string } | null;
  ansatz: { text: string; tooltip: string } | null;
}

/** A bond length as the forms write it: at least one decimal, at most three ('1.0', '0.735'). */
function formatBondLength(length: number): string {
  const text = length.toFixed(3).replace(/0+$/, '');
  return text.endsWith('.') ? `${text}0` : text;
}

/** The tag AWS consoles read as a resource's own name. */
const JOB_NAME_TAG = 'Name';

const list = (values: readonly number[] | undefined) => (values ?? []).join(', ');

export function hybridJobView(job: HybridJob): HybridJobView {
  const values = fromHyperparameters(job.hyperparameters);
  const geometry = values.molecule_geometry;
  const length = geometry === undefined ? null : bondLengthFromGeometry(geometry);
  const bond = length === null ? values.geometry_tag : formatBondLength(length);
  const molecule =
    geometry === undefined
      ? null
      : {
          text: bond === undefined ? moleculeName(geometry) : `${moleculeName(geometry)} (${bond} Å)`,
          orbitals: orbitalSummary(values.active_orbitals ?? [], values.frozen_orbitals ?? []),
          tooltip: [
            `Geometry: ${geometry}`,
            `Basis: ${values.basis ?? '-'}`,
            `Active: ${list(values.active_orbitals)}`,
            `Frozen: ${list(values.frozen_orbitals)}`,
          ].join('\n'),
        };
  const ansatzText =
    values.ansatz === undefined
      ? null
      : `${values.ansatz}, ${values.ansatz_entanglement ?? '-'}, ${values.ansatz_reps ?? '-'} reps, ${values.basis ?? '-'}`;
  return {
    givenName: job.tags[JOB_NAME_TAG]?.trim() || null,
    region: arnRegion(job.job_arn),
    deviceName: deviceNameFromPath(job.device),
    deviceVendor: deviceVendorFromPath(job.device),
    shots: values.shots,
    molecule,
    ansatz:
      ansatzText === null
        ? null
        : {
            text: ansatzText,
            tooltip: `${ansatzText}\n${values.max_iter ?? '-'} iterations\n${values.shots ?? '-'} shots`,
          },
  };
}
