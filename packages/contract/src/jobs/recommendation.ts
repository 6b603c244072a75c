import { INSTANCE_VCPUS, isInstanceType, type InstanceType } from './instances.ts';

/** The recommended instance by complexity (jobs.md 9): the first rung whose bound lies above it. */
export const INSTANCE_RECOMMENDATIONS: readonly {
  below: number;
  instanceType: InstanceType;
  label: string;
}[] = [
  { below: 1e4, instanceType: 'ml.m5.large', label: 'Small workload' },
  { below: 1e5, instanceType: 'ml.m5.xlarge', label: 'Light' },
  { below: 1e6, instanceType: 'ml.c5.2xlarge', label: 'Medium' },
  { below: 1e7, instanceType: 'ml.c5.4xlarge', label: 'Heavy' },
  { below: 1e8, instanceType: 'ml.m5.12xlarge', label: 'Very heavy' },
  { below: 1e9, instanceType: 'ml.c5.18xlarge', label: 'Extreme' },
  { below: Infinity, instanceType: 'ml.m5.24xlarge', label: 'Maximum capacity' },
];

export type InstanceRecommendation = (typeof INSTANCE_RECOMMENDATIONS)[number];

/** NaN (no estimate) falls through every bound to the largest instance. */
export const recommendInstance = (complexity: number): InstanceRecommendation =>
  INSTANCE_RECOMMENDATIONS.find((rung) => complexity < rung.below) ??
  INSTANCE_RECOMMENDATIONS[INSTANCE_RECOMMENDATIONS.length - 1];

/**
 * An instance's tier: the highest rung of the recommendation ladder whose vCPU count it reaches, so the seven
 * recommended instances are tiers 0 to 6 and every other type sits with the rung of its size (ml.c5.9xlarge,
 * 36 vCPUs, shares tier 3 with ml.c5.4xlarge). Undefined for a type the product does not know.
 */
export const instanceTier = (instanceType: string): number | undefined =>
  isInstanceType(instanceType) ? tierOf(instanceType) : undefined;

const tierOf = (instanceType: InstanceType) =>
  INSTANCE_RECOMMENDATIONS.findLastIndex(
    (rung) => INSTANCE_VCPUS[rung.instanceType] <= INSTANCE_VCPUS[instanceType],
  );

export const INSTANCE_HINTS = {
  insufficient: 'Selected instance may be insufficient for this workload',
  overProvisioned: 'You may be over-provisioning resources',
  recommended: 'Recommended for this workload',
  suggest: (instanceType: string) => `Recommended: ${instanceType}`,
} as const;

/** The hint beside Instance Type (jobs.md 4). */
export function instanceHint(selected: string, recommended: InstanceType): string {
  if (selected === recommended) return INSTANCE_HINTS.recommended;
  const selectedTier = instanceTier(selected);
  const recommendedTier = tierOf(recommended);
  if (selectedTier === undefined) return INSTANCE_HINTS.suggest(recommended);
  if (selectedTier < recommendedTier) return INSTANCE_HINTS.insufficient;
  if (selectedTier > recommendedTier + 1) return INSTANCE_HINTS.overProvisioned;
  return INSTANCE_HINTS.suggest(recommended);
}
