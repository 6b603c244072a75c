/** Classical instance types of the two creation forms (jobs.md 9) and their capacity. */

export const FORM_INSTANCE_TYPES = [
  'ml.m5.large',
  'ml.m5.xlarge',
  'ml.m5.2xlarge',
  'ml.m5.4xlarge',
  'ml.m5.12xlarge',
  'ml.m5.24xlarge',
  'ml.c5.xlarge',
  'ml.c5.2xlarge',
  'ml.c5.4xlarge',
  'ml.c5.9xlarge',
  'ml.c5.18xlarge',
  'ml.g4dn.xlarge',
  'ml.g4dn.2xlarge',
  'ml.g4dn.4xlarge',
  'ml.g4dn.12xlarge',
  'ml.p3.2xlarge',
  'ml.p3.8xlarge',
  'ml.p3.16xlarge',
] as const;
export const WIZARD_INSTANCE_TYPES = [
  'c7i.4xlarge',
  'm7i.4xlarge',
  'hpc6id.32xlarge',
  'r7i.4xlarge',
] as const;
export const INSTANCE_TYPES = [...FORM_INSTANCE_TYPES, ...WIZARD_INSTANCE_TYPES] as const;
export type InstanceType = (typeof INSTANCE_TYPES)[number];

export const DEFAULT_INSTANCE_TYPE: InstanceType = 'ml.m5.24xlarge';
export const IQM_DEFAULT_INSTANCE_TYPE: InstanceType = 'c7i.4xlarge';

/** vCPUs per instance type (AWS's published sizes): the capacity measure the instance tiers are built on. */
export const INSTANCE_VCPUS: Record<InstanceType, number> = {
  'ml.m5.large': 2,
  'ml.m5.xlarge': 4,
  'ml.m5.2xlarge': 8,
  'ml.m5.4xlarge': 16,
  'ml.m5.12xlarge': 48,
  'ml.m5.24xlarge': 96,
  'ml.c5.xlarge': 4,
  'ml.c5.2xlarge': 8,
  'ml.c5.4xlarge': 16,
  'ml.c5.9xlarge': 36,
  'ml.c5.18xlarge': 72,
  'ml.g4dn.xlarge': 4,
  'ml.g4dn.2xlarge': 8,
  'ml.g4dn.4xlarge': 16,
  'ml.g4dn.12xlarge': 48,
  'ml.p3.2xlarge': 8,
  'ml.p3.8xlarge': 32,
  'ml.p3.16xlarge': 64,
  'c7i.4xlarge': 16,
  'm7i.4xlarge': 16,
  'hpc6id.32xlarge': 64,
  'r7i.4xlarge': 16,
};

export const isInstanceType = (value: string): value is InstanceType =>
  (INSTANCE_TYPES as readonly string[]).includes(value);
