import { randomBytes, randomUUID } from 'node:crypto';
import {
  IQM_DEFAULT_REGION,
  IQM_FORM_DEVICE,
  IQM_WIZARD_DEFAULT_DEVICE,
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
}

/**
 * A cloud job. The server names it as Braket's SDK does (a prefix and the time), with a random tail so two
 * jobs created in the same millisecond differ; role, bucket and image are the back end's to decide.
 */
export function hybridJobDraft(request: CreateHybridJobRequest, now: Date): JobDraft {
  const jobName = `hivqe-${now.getTime()}-${randomBytes(2).toString('hex')}`;
  return {
    id: randomUUID(),
    kind: 'hybrid',
    jobName,
    region: request.aws_region,
    resource: jobName,
    device: request.device_name,
    hyperparameters: toHyperparameters(request),
    instanceConfig: request.instance_config,
    tags: request.tags,
    permissionSource: request.permission_source,
  };
}

/**
 * An IQM job. Its id, the last segment of its ARN, is a UUID as IQM Resonance's job ids are; the form's
 * device 'iqm_resonance' (any computer) gets the wizard's default computer.
 */
export function iqmJobDraft(request: CreateIqmJobRequest): JobDraft {
  const id = randomUUID();
  return {
    id,
    kind: 'iqm',
    jobName: request.job_name,
    region: IQM_DEFAULT_REGION,
    resource: id,
    device: request.device === IQM_FORM_DEVICE ? IQM_WIZARD_DEFAULT_DEVICE : request.device,
    hyperparameters: asStrings(request.hyperparameters),
    instanceConfig: null,
    tags: request.tags,
    permissionSource: request.permission_source,
  };
}

/** Hyperparameters as Braket carries them: numbers and booleans as printed, lists and maps as JSON. */
const asStrings = (values: Readonly<Record<string, unknown>>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(values)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name, typeof value === 'object' ? JSON.stringify(value) : String(value)]),
  );
