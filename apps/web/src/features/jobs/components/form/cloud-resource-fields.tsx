import { FormField } from '../../../../components/ui/form-field.tsx';
import type { JobFieldsProps } from '../../job-form-variants.ts';
import type { CloudJobResources } from '../../job-resources.ts';
import { InstanceTypeField } from './instance-type-field.tsx';

const LOADING = 'Loading...';

/**
 * The wizard's resource step on the cloud path: all read-only but the instance type (jobs.md 2.6). Account and
 * bucket are those the job will really use (issue 11 §4), not a stored account the back end ignores.
 */
export function CloudResourceFields(props: JobFieldsProps & { resources: CloudJobResources | null }) {
  const { form, resources } = props;
  return (
    <>
      <FormField label="Account ID" value={resources?.account ?? LOADING} readOnly />
      <InstanceTypeField {...props} />
      <FormField label="Region" value={form.aws_default_region} readOnly />
      <FormField label="S3 Bucket" value={resources?.bucket ?? LOADING} readOnly />
    </>
  );
}
