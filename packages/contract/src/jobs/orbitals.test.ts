import { describe, expect, it } from 'vitest';
import { formatOrbitalInput, orbitalSummary, parseOrbitalInput, sanitizeOrbitalInput } from './orbitals.ts';

describe('sanitizeOrbitalInput', () => {
  it('keeps only digits, spaces and commas', () => {
    expect(sanitizeOrbitalInput('2, 3, 4')).toBe('2, 3, 4');
    expect(sanitizeOrbitalInput('1,a 2;3-4.5\t')).toBe('1, 2345');
  });
});

describe('parseOrbitalInput', () => {
  it('reads integers separated by commas or spaces', () => {
    expect(parseOrbitalInput('2, 3 4,5')).toEqual([2, 3, 4, 5]);
  });

  it('drops empty entries and non-numbers', () => {
    expect(parseOrbitalInput(' ,,2,, ,3, ')).toEqual([2, 3]);
    expect(parseOrbitalInput('1,x,2.5,-3,4')).toEqual([1, 4]);
    expect(parseOrbitalInput('')).toEqual([]);
  });

  it('keeps order and repeats, for the server to judge', () => {
    expect(parseOrbitalInput('5,1,5')).toEqual([5, 1, 5]);
  });

  it('reads back what formatOrbitalInput writes', () => {
    const orbitals = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
    expect(formatOrbitalInput(orbitals)).toBe('2, 3, 4, 5, 6, 7, 8, 9, 10, 11');
    expect(parseOrbitalInput(formatOrbitalInput(orbitals))).toEqual(orbitals);
  });
});

describe('orbitalSummary', () => {
  it('shows the first three active orbitals and all frozen ones', () => {
    expect(orbitalSummary([2, 3, 4, 5, 6], [0, 1])).toBe('Act: [2,3,4,...], Frz: [0,1]');
    expect(orbitalSummary([2, 3, 4], [])).toBe('Act: [2,3,4], Frz: []');
    expect(orbitalSummary([], [0])).toBe('Act: [], Frz: [0]');
  });
});
