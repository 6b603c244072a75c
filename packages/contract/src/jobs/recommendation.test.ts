import { describe, expect, it } from 'vitest';
import { FORM_INSTANCE_TYPES, WIZARD_INSTANCE_TYPES } from './instances.ts';
import { INSTANCE_HINTS, instanceHint, instanceTier, recommendInstance } from './recommendation.ts';

describe('recommendInstance', () => {
  it.each([
    [0, 'ml.m5.large', 'Small workload'],
    [9_999, 'ml.m5.large', 'Small workload'],
    [10_000, 'ml.m5.xlarge', 'Light'],
    [99_999, 'ml.m5.xlarge', 'Light'],
    [100_000, 'ml.c5.2xlarge', 'Medium'],
    [999_999, 'ml.c5.2xlarge', 'Medium'],
    [1e6, 'ml.c5.4xlarge', 'Heavy'],
    [1e7 - 1, 'ml.c5.4xlarge', 'Heavy'],
    [1e7, 'ml.m5.12xlarge', 'Very heavy'],
    [1e8 - 1, 'ml.m5.12xlarge', 'Very heavy'],
    [1e8, 'ml.c5.18xlarge', 'Extreme'],
    [1e9 - 1, 'ml.c5.18xlarge', 'Extreme'],
    [1e9, 'ml.m5.24xlarge', 'Maximum capacity'],
    [1e15, 'ml.m5.24xlarge', 'Maximum capacity'],
    [NaN, 'ml.m5.24xlarge', 'Maximum capacity'],
  ])('complexity %d → %s (%s)', (complexity, instanceType, label) => {
    expect(recommendInstance(complexity)).toMatchObject({ instanceType, label });
  });
});

describe('instanceTier', () => {
  it('numbers the recommended instances 0 to 6', () => {
    const ladder = [
      'ml.m5.large',
      'ml.m5.xlarge',
      'ml.c5.2xlarge',
      'ml.c5.4xlarge',
      'ml.m5.12xlarge',
      'ml.c5.18xlarge',
      'ml.m5.24xlarge',
    ];
    expect(ladder.map(instanceTier)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('places every other type with the rung of its vCPUs', () => {
    expect(instanceTier('ml.c5.xlarge')).toBe(1);
    expect(instanceTier('ml.p3.2xlarge')).toBe(2);
    expect(instanceTier('ml.p3.8xlarge')).toBe(3);
    expect(instanceTier('ml.c5.9xlarge')).toBe(3);
    expect(instanceTier('ml.g4dn.12xlarge')).toBe(4);
    expect(instanceTier('ml.p3.16xlarge')).toBe(4);
    expect(instanceTier('c7i.4xlarge')).toBe(3);
    expect(instanceTier('hpc6id.32xlarge')).toBe(4);
  });

  it('knows every instance of both forms, and no other', () => {
    for (const type of [...FORM_INSTANCE_TYPES, ...WIZARD_INSTANCE_TYPES])
      expect(instanceTier(type)).toBeGreaterThanOrEqual(0);
    expect(instanceTier('ml.m5.metal')).toBeUndefined();
  });
});

describe('instanceHint (recommended ml.c5.2xlarge, tier 2)', () => {
  it.each([
    ['ml.c5.2xlarge', INSTANCE_HINTS.recommended],
    ['ml.m5.2xlarge', 'Recommended: ml.c5.2xlarge'],
    ['ml.m5.4xlarge', 'Recommended: ml.c5.2xlarge'],
    ['ml.m5.xlarge', 'Selected instance may be insufficient for this workload'],
    ['ml.m5.large', 'Selected instance may be insufficient for this workload'],
    ['ml.m5.12xlarge', 'You may be over-provisioning resources'],
    ['ml.m5.24xlarge', 'You may be over-provisioning resources'],
    ['ml.unknown', 'Recommended: ml.c5.2xlarge'],
  ])('selected %s → %s', (selected, hint) => {
    expect(instanceHint(selected, 'ml.c5.2xlarge')).toBe(hint);
  });

  it('never calls the largest instance insufficient nor the smallest over-provisioned', () => {
    expect(instanceHint('ml.m5.large', 'ml.m5.large')).toBe('Recommended for this workload');
    expect(instanceHint('ml.m5.24xlarge', 'ml.m5.24xlarge')).toBe('Recommended for this workload');
    expect(instanceHint('ml.c5.18xlarge', 'ml.m5.24xlarge')).toBe(INSTANCE_HINTS.insufficient);
  });
});
