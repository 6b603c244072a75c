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
/**
 * The spec's wizard types (jobs.md 2.6). They are EC2 types, which Braket does not run (its InstanceType is
 * ml.* only): the cloud wizard offers their Braket equivalents (CLOUD_WIZARD_INSTANCE_TYPES); the IQM wizard,
 * whose classical loop runs on this server, keeps showing them, and a clone may still carry one.
 */
export const WIZARD_INSTANCE_TYPES = [
  'c7i.4xlarge',
  'm7i.4xlarge',
  'hpc6id.32xlarge',
  'r7i.4xlarge',
] as const;
type WizardInstanceType = (typeof WIZARD_INSTANCE_TYPES)[number];
type FormInstanceType = (typeof FORM_INSTANCE_TYPES)[number];
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

/** The types Amazon Braket Hybrid Jobs runs, of those the product offers: every ml.* one. */
export const BRAKET_INSTANCE_TYPES: readonly InstanceType[] = FORM_INSTANCE_TYPES;

/**
 * Each spec type's nearest Braket type, by the same family and size where Braket has one: c7i.4xlarge (16 vCPU,
 * 32 GiB) → ml.c5.4xlarge (16, 32); m7i.4xlarge (16, 64) → ml.m5.4xlarge (16, 64). Braket has no memory-
 * optimised or HPC type, so those go to the smallest type with at least their memory, or the largest there is:
 * r7i.4xlarge (16, 128) → ml.m5.12xlarge (48, 192); hpc6id.32xlarge (64, 1024) → ml.m5.24xlarge (96, 384).
 */
export const BRAKET_EQUIVALENTS: Readonly<Record<WizardInstanceType, FormInstanceType>> = {
  'c7i.4xlarge': 'ml.c5.4xlarge',
  'm7i.4xlarge': 'ml.m5.4xlarge',
  'hpc6id.32xlarge': 'ml.m5.24xlarge',
  'r7i.4xlarge': 'ml.m5.12xlarge',
};

/** The cloud wizard's choices: the spec's four, as the Braket types that stand in for them, in its order. */
export const CLOUD_WIZARD_INSTANCE_TYPES: readonly InstanceType[] = WIZARD_INSTANCE_TYPES.map(
  (type) => BRAKET_EQUIVALENTS[type],
);

/** The cloud wizard's labels: each Braket type with the spec type it stands in for. */
export const CLOUD_WIZARD_INSTANCE_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  WIZARD_INSTANCE_TYPES.map((type) => [
    BRAKET_EQUIVALENTS[type],
    `${BRAKET_EQUIVALENTS[type]} (for ${type})`,
  ]),
);

/** Why Amazon Braket cannot run `instanceType`, naming the nearest type it can; null when it can. */
export function braketInstanceRefusal(instanceType: string): string | null {
  if ((BRAKET_INSTANCE_TYPES as readonly string[]).includes(instanceType)) return null;
  const nearest = BRAKET_EQUIVALENTS[instanceType as WizardInstanceType] as string | undefined;
  const hint = nearest ? `; its nearest Braket type is ${nearest}` : '';
  return `Amazon Braket cannot run instance type ${instanceType}${hint}. Choose one of: ${BRAKET_INSTANCE_TYPES.join(', ')}`;
}
