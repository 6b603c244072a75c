import {
  BRAND,
  hybridJobRegion,
  serviceBucketName,
  type AccountSettingsResponse,
  type JobForm,
} from '@hivqe/contract';

/** The account and bucket a new cloud job will really use, as the wizard's resource and review steps say. */
export interface CloudJobResources {
  account: string;
  bucket: string;
}

export const LOCAL_JOB_RESOURCES: CloudJobResources = {
  account: 'This server (local engine)',
  bucket: 'None: results stay on this server',
};

const NO_ACCOUNT = `None: set up your ${BRAND.cloud} account on the Account page`;

/**
 * On the local back end the job runs on this server, whatever cloud account is stored; on Amazon Braket it
 * runs in the user's own account and writes to that account's service bucket in the job's region (a QPU's
 * own region), as the server will create it. Null while the settings are not known.
 */
export function cloudJobResources(
  settings: AccountSettingsResponse | null | undefined,
  form: Pick<JobForm, 'device' | 'aws_default_region'>,
): CloudJobResources | null {
  if (!settings) return null;
  if (settings.hybrid_job_backend === 'local') return LOCAL_JOB_RESOURCES;
  const accountId = settings.source === 'user' ? settings.account_id : null;
  if (!accountId) return { account: NO_ACCOUNT, bucket: 'None' };
  return { account: accountId, bucket: serviceBucketName(hybridJobRegion(form), accountId) };
}
