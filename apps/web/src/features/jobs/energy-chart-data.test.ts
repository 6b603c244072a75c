import { describe, expect, it } from 'vitest';
import { energyDomain, energyRows, formatEnergy } from './energy-chart-data.ts';

const point = (energy: number, error: number | null) => ({
  costFunctionCall: 2,
  energy,
  error,
  numStates: 10,
  timestamp: '2025-01-01T00:00:00Z',
});

describe('energy chart data', () => {
  it('numbers the points from Step 1 and repeats the exact energy on every row', () => {
    expect(energyRows([point(-108.5, 0.4), point(-108.8, 0.1)], -108.9)).toEqual([
      { step: 1, energy: -108.5, error: 0.4, exact: -108.9 },
      { step: 2, energy: -108.8, error: 0.1, exact: -108.9 },
    ]);
    expect(energyRows([point(-1, null)], undefined)[0].exact).toBeNull();
  });

  it('pads the energy axis by 10% of the range of energies and exact energy', () => {
    const rows = energyRows([point(-108, 1), point(-108.5, 0.5)], -109);
    const [low, high] = energyDomain(rows);
    expect(low).toBeCloseTo(-109.1);
    expect(high).toBeCloseTo(-107.9);
  });

  it('gives a single value room on both sides', () => {
    expect(energyDomain(energyRows([point(-5, null)], undefined))).toEqual([-6, -4]);
  });

  it('formats energies to 6 decimals', () => {
    expect(formatEnergy(-108.1234567)).toBe('-108.123457');
  });
});
