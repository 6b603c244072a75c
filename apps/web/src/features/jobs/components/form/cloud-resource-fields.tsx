import { FormField } from '../../../../components/ui/form-field.tsx';
import type { JobFieldsProps } from '../../job-form-variants.ts';
import { InstanceTypeField } from './instance-type-field.tsx';

/** The wizard's resource step on the cloud path: all read-only but the instance type (jobs.md 2.6). */
export function CloudResourceFields(props: JobFieldsProps) {
  const { form } = props;
  return (
    <>
      <FormField label="Account ID" value={form.account_id} readOnly />
      <InstanceTypeField {...props} />
      <FormField label="Region" value={form.aws_default_region} readOnly />
      <FormField label="S3 Bucket" value={form.s3_bucket_name} readOnly />
    </>
  );
}
