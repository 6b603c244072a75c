import {
  CLOUD_WIZARD_INSTANCE_LABELS,
  CLOUD_WIZARD_INSTANCE_TYPES,
  FORM_ANSATZ_OPTIONS,
  FORM_BASIS_OPTIONS,
  FORM_ENTANGLEMENT_OPTIONS,
  FORM_INSTANCE_TYPES,
  JOB_DEFAULTS,
  MAX_ANSATZ_REPS,
  MAX_CONVERGENCE_COUNT,
  MAX_EXPANSION_STATES,
  MAX_ITERATIONS,
  MAX_SHOTS,
  MAX_STATES,
  MAX_TOLERANCE,
  WIZARD_ANSATZ_OPTIONS,
  WIZARD_BASIS_OPTIONS,
  WIZARD_ENTANGLEMENT_OPTIONS,
  nextFormBondKey,
  nextWizardBondKey,
  type JobBonds,
  type JobForm,
} from '@hivqe/contract';
import type { NumberRange } from '../../components/ui/number-field.tsx';

/**
 * What differs between the wizards (the 5-step cloud wizard and the IQM wizard) and the newer single-page
 * form: ranges (jobs.md 5), option lists (jobs.md 9) and how a new bond length is named. The field components
 * are the same; they read these. Where jobs.md 5 allows more than the server accepts (10,000,000 iterations),
 * the range is the server's bound (issue 24 §5), so the field says what the server would refuse.
 */
export interface JobFormVariant {
  ranges: {
    shots: NumberRange;
    maxIterations: NumberRange;
    tolerance: NumberRange;
    max_states: NumberRange;
    max_expansion_states: NumberRange;
    ansatz_reps: NumberRange;
    convergence_count: NumberRange;
    amplitude_screening_tolerance: NumberRange;
    convergence_abstol: NumberRange;
  };
  /** Taken for amplitude_screening_tolerance when its entry is not a number (newer form only). */
  amplitudeFallback?: number;
  basisOptions: readonly string[];
  ansatzOptions: readonly string[];
  entanglementOptions: readonly string[];
  instanceTypes: readonly string[];
  /** A type's label where it differs from the type itself. */
  instanceLabels?: Readonly<Record<string, string>>;
  nextBondKey: (bonds: JobBonds) => string;
}

const count = (min: number, max: number): NumberRange => ({ min, max, integer: true });

export const WIZARD_VARIANT: JobFormVariant = {
  ranges: {
    shots: count(1, 10_000),
    maxIterations: count(1, MAX_ITERATIONS),
    tolerance: { min: 0.001, max: 1, step: 0.001 },
    max_states: count(1, MAX_STATES),
    max_expansion_states: count(1, MAX_EXPANSION_STATES),
    ansatz_reps: count(1, MAX_ANSATZ_REPS),
    convergence_count: count(0, MAX_CONVERGENCE_COUNT),
    amplitude_screening_tolerance: { min: 0, max: MAX_TOLERANCE, step: 1e-20 },
    convergence_abstol: { min: 0, max: MAX_TOLERANCE, step: 1e-4 },
  },
  basisOptions: WIZARD_BASIS_OPTIONS,
  ansatzOptions: WIZARD_ANSATZ_OPTIONS,
  entanglementOptions: WIZARD_ENTANGLEMENT_OPTIONS,
  // Braket runs ml.* types only: the spec's four, as the Braket types that stand in for them (decisions.md).
  instanceTypes: CLOUD_WIZARD_INSTANCE_TYPES,
  instanceLabels: CLOUD_WIZARD_INSTANCE_LABELS,
  nextBondKey: nextWizardBondKey,
};

export const FORM_VARIANT: JobFormVariant = {
  ranges: {
    shots: count(1, MAX_SHOTS),
    maxIterations: count(1, MAX_ITERATIONS),
    tolerance: { min: 0, max: MAX_TOLERANCE },
    max_states: count(1, MAX_STATES),
    max_expansion_states: count(1, MAX_EXPANSION_STATES),
    ansatz_reps: count(1, MAX_ANSATZ_REPS),
    convergence_count: count(1, MAX_CONVERGENCE_COUNT),
    amplitude_screening_tolerance: { min: 0, max: MAX_TOLERANCE },
    convergence_abstol: { min: 0, max: MAX_TOLERANCE },
  },
  amplitudeFallback: JOB_DEFAULTS.amplitude_screening_tolerance,
  basisOptions: FORM_BASIS_OPTIONS,
  ansatzOptions: FORM_ANSATZ_OPTIONS,
  entanglementOptions: FORM_ENTANGLEMENT_OPTIONS,
  instanceTypes: FORM_INSTANCE_TYPES,
  nextBondKey: nextFormBondKey,
};

/** What every field group of the creation forms receives. */
export interface JobFieldsProps {
  form: JobForm;
  onChange: (patch: Partial<JobForm>) => void;
  variant: JobFormVariant;
}
