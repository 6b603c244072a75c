import type { ReactNode } from 'react';
import { PermissionSourceSelector } from '../../../permission-sources/components/permission-source-selector.tsx';
import type { JobFieldsProps } from '../../job-form-variants.ts';
import { AdvancedParametersFields } from './advanced-parameters-fields.tsx';
import { AlgorithmParametersFields } from './algorithm-parameters-fields.tsx';
import { FormSection } from './form-section.tsx';
import { JobNameField } from './job-name-field.tsx';
import { MoleculeList } from './molecule-list.tsx';
import { QuantumConfigurationFields } from './quantum-configuration-fields.tsx';
import { StateSpaceFields } from './state-space-fields.tsx';

/**
 * The start of both wizards' first step: permission source, the job's name, the path's device field and the
 * algorithm.
 */
export function WizardBasicSections({ fields, device }: { fields: JobFieldsProps; device: ReactNode }) {
  return (
    <>
      <PermissionSourceSelector
        value={fields.form.permission_source}
        onChange={(permission_source) => fields.onChange({ permission_source })}
      />
      <JobNameField {...fields} />
      <FormSection title="Device">{device}</FormSection>
      <FormSection title="Algorithm Parameters">
        <AlgorithmParametersFields {...fields} />
      </FormSection>
      <FormSection title="State-Space Restriction">
        <StateSpaceFields {...fields} />
      </FormSection>
    </>
  );
}

export function OrbitalConfigurationSection(fields: JobFieldsProps) {
  return (
    <FormSection title="Orbital Configuration">
      <QuantumConfigurationFields {...fields} />
    </FormSection>
  );
}

export function MoleculesSection(fields: JobFieldsProps) {
  return (
    <FormSection title="Molecules" layout="stack">
      <MoleculeList {...fields} />
    </FormSection>
  );
}

export function AdvancedParametersSection(fields: JobFieldsProps) {
  return (
    <FormSection title="Advanced Parameters">
      <AdvancedParametersFields {...fields} />
    </FormSection>
  );
}
