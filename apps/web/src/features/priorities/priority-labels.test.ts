import { describe, expect, it } from 'vitest';
import { ordinal, rankLabel } from './priority-labels.ts';

describe('ordinal', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [102, '102nd'],
  ])('%i is %s', (rank, text) => {
    expect(ordinal(rank)).toBe(text);
  });

  it('names a rank as a priority', () => {
    expect(rankLabel(1)).toBe('1st Priority');
  });
});
