import { randomBytes, randomUUID } from 'node:crypto';
import {
  IQM_DEFAULT_REGION,
  IQM_FORM_DEVICE,
  IQM_WIZARD_DEFAULT_DEVICE,
  iqmJobName,
  toHyperparameters,
  type CreateHybridJobRequest,
  type CreateIqmJobRequest,
  type JobPermissionSource,
} from '@hivqe/contract';
import type { JobKind, JobRow } from '../../db/schema/jobs.ts';

/** A job as the server decides it from a create payload, before a back end and a permission source take it. */
export interface JobDraft {
  id: string;
  kind: JobKind;
  jobName: string;
  region: string;
  /** The last segment of the job's ARN: the id in the IQM panel's paths. */
  resource: string;
  device: string;
  hyperparameters: Record<string, string>;
  instanceConfig: JobRow['instanceConfig'];
  tags: Record<string, string>;
  permissionSource?: JobPermissionSource;
  /** The payload's time limit in seconds; absent: the server's default. */
  maxRuntimeS?: number;
  /** The bond scan the job is one molecule of; null for a job created alone. */
  scan: { id: string; name: string } | null;
}

/**
 * The cloud jobs of a create payload: one, or with several molecules a bond scan of one job per molecule in the
 * payload's order, each carrying the spec's single-molecule fields for its own molecule. Each job's ARN ends in
 * a name generated as Braket's SDK names jobs (a prefix and the time, with a random tail so two jobs created in
 * the same millisecond differ; a scan's jobs add their bond length), which is Braket's name for it whatever its
 * owner calls it. The job (a scan: the scan) is named by its owner, or else by that generated name.
 */
export function hybridJobDrafts(request: CreateHybridJobRequest, now: Date): JobDraft[] {
  const generated = `hivqe-${now.getTime()}-${randomBytes(2).toString('hex')}`;
  const molecules = Object.entries(request.molecules ?? {});
  if (molecules.length < 2) return [hybridJobDraft(request, generated, request.job_name ?? generated, null)];
  const scan = { id: randomUUID(), name: request.job_name ?? generated };
  // The jobs share their creation time (one transaction), so a list newest first orders them by id: descending
  // ids keep them in the form's order there.
  const ids = molecules.map(() => randomUUID()).sort((a, b) => b.localeCompare(a));
  return molecules.map(([bond, geometry], index) => {
    const energy = request.exact_energies?.[bond];
    const molecule = { ...request, molecule_geometry: geometry, geometry_tag: bond, exact_energy: energy };
    const resource = scanJobName(generated, bond);
    const jobName = request.job_name === undefined ? resource : `${request.job_name} (${bond} Å)`;
    return { ...hybridJobDraft(molecule, resource, jobName, scan), id: ids[index] };
  });
}

/** A scan's job says which bond length it holds, in the letters Braket allows in a name ('1.25' → '1p25'). */
const scanJobName = (scanName: string, bond: string) => `${scanName}-${bond.replace('.', 'p')}`;

/** A cloud job; role, bucket and image are the back end's to decide. */
function hybridJobDraft(
  request: CreateHybridJobRequest,
  resource: string,
  jobName: string,
  scan: JobDraft['scan'],
): JobDraft {
  return {
    id: randomUUID(),
    kind: 'hybrid',
    jobName,
    region: request.aws_region,
    resource,
    device: request.device_name,
    hyperparameters: toHyperparameters(request),
    instanceConfig: request.instance_config,
    tags: request.tags,
    permissionSource: request.permission_source,
    maxRuntimeS: request.max_runtime,
    scan,
  };
}

/**
 * An IQM job. Its id, the last segment of its ARN, is a UUID as IQM Resonance's job ids are; the form's
 * device 'iqm_resonance' (any computer) gets the wizard's default computer; without a name, the wizard's
 * 'iqm-job-{timestamp}'.
 */
export function iqmJobDraft(request: CreateIqmJobRequest, now: Date): JobDraft {
  const id = randomUUID();
  return {
    id,
    kind: 'iqm',
    jobName: request.job_name ?? iqmJobName(now),
    region: IQM_DEFAULT_REGION,
    resource: id,
    device: request.device === IQM_FORM_DEVICE ? IQM_WIZARD_DEFAULT_DEVICE : request.device,
    hyperparameters: asStrings(request.hyperparameters),
    instanceConfig: null,
    tags: request.tags,
    permissionSource: request.permission_source,
    maxRuntimeS: request.max_runtime,
    scan: null,
  };
}

/** Hyperparameters as Braket carries them: numbers and booleans as printed, lists and maps as JSON. */
const asStrings = (values: Readonly<Record<string, unknown>>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(values)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name, typeof value === 'object' ? JSON.stringify(value) : String(value)]),
  );
