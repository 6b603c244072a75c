export * from './arn.ts';
export * from './availability.ts';
export * from './back-ends.ts';
export * from './bond-keys.ts';
export * from './braket-resources.ts';
export * from './clone.ts';
export * from './complexity.ts';
export * from './date-filter.ts';
export * from './defaults.ts';
export * from './devices.ts';
export * from './execution-window.ts';
export {
  GEOMETRY_MESSAGE,
  JOB_ARN_MESSAGE,
  JOB_NAME_MAX_LENGTH,
  JOB_NAME_MESSAGE,
  MAX_ANSATZ_REPS,
  MAX_CHARGE,
  MAX_CONVERGENCE_COUNT,
  MAX_MOLECULES,
  MAX_ORBITALS,
  MAX_ORBITAL_INDEX,
  MOLECULE_ENERGY_MISMATCH_MESSAGE,
  ORBITALS_OVERLAP_MESSAGE,
  hyperparameterMap,
  jobArn,
} from './fields.ts';
export * from './hybrid-job-create.ts';
export * from './hybrid-job-payload.ts';
export * from './hybrid-job-schemas.ts';
export * from './hyperparameter-bounds.ts';
export * from './hyperparameters.ts';
export * from './idempotency.ts';
export * from './instances.ts';
export * from './iqm.ts';
export * from './iqm-job-payload.ts';
export * from './iqm-job-schemas.ts';
export * from './job-form.ts';
export * from './job-list-query.ts';
export * from './braket-job-output.ts';
export * from './job-result.ts';
export * from './result-export.ts';
export * from './result-format.ts';
export * from './result-document.ts';
export * from './canonical-json.ts';
export * from './scan-export.ts';
export * from './scan-builder.ts';
export * from './limits.ts';
export * from './molecule.ts';
export * from './monitor-schemas.ts';
export * from './options.ts';
export * from './orbitals.ts';
export * from './pagination.ts';
export * from './paths.ts';
export * from './permission-source.ts';
export * from './recommendation.ts';
export * from './regions.ts';
export * from './scans.ts';
export * from './server-messages.ts';
export * from './statuses.ts';
export * from './utc-datetime.ts';
export type { Widen } from './widen.ts';
