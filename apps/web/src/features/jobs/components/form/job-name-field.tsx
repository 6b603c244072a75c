import { JOB_NAME_MAX_LENGTH, jobNameProblem } from '@hivqe/contract';
import { FormField } from '../../../../components/ui/form-field.tsx';
import type { JobFieldsProps } from '../../job-form-variants.ts';

/** The job's name (issue 11 §6); left empty, the job gets the path's default name. */
export function JobNameField({ form, onChange }: Pick<JobFieldsProps, 'form' | 'onChange'>) {
  return (
    <FormField
      label="Job Name"
      value={form.job_name}
      placeholder="Default name"
      hint={`Optional, up to ${JOB_NAME_MAX_LENGTH} characters`}
      error={jobNameProblem(form.job_name)}
      onChange={(event) => onChange({ job_name: event.target.value })}
    />
  );
}
