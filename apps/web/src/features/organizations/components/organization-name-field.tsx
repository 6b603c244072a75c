import { ORG_MESSAGES, ORGANIZATION_NAME_MAX_LENGTH } from '@hivqe/contract';
import { FormField } from '../../../components/ui/form-field.tsx';

/** The name of an organization being created or renamed, with the contract's length limit. */
export function OrganizationNameField({
  value,
  onChange,
}: {
  value: string;
  onChange: (name: string) => void;
}) {
  return (
    <FormField
      label="Organization Name"
      autoComplete="off"
      maxLength={ORGANIZATION_NAME_MAX_LENGTH}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** accounts.md section 5: the trimmed name must not be empty. */
export const organizationNameProblem = (name: string) => (name.trim() ? null : ORG_MESSAGES.nameRequired);
