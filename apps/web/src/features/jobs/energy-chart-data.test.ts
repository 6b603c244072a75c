import { describe, expect, it } from 'vitest';
import {
  ERROR_FLOOR_MHA,
  MARKER_LIMIT,
  MIN_ENERGY_SPAN,
  energyAxis,
  energyDomain,
  energyRows,
  errorAxis,
  formatDecade,
  formatEnergy,
  hasReference,
  linearAxis,
  showsMarkers,
  subspaceAxis,
} from './energy-chart-data.ts';
import { historyPoint } from './testing/result-fixtures.ts';

const tickLabels = (axis: { ticks: number[]; decimals: number }) =>
  axis.ticks.map((tick) => tick.toFixed(axis.decimals));

describe('energy chart rows', () => {
  it('numbers the points from Step 1 and reads each reference back from its error', () => {
    const rows = energyRows([historyPoint(1, -108.5, 0.4, 12), historyPoint(2, -108.8, 0.1, 30)]);
    expect(rows.map((row) => row.step)).toEqual([1, 2]);
    expect(rows[0].reference).toBeCloseTo(-108.9, 12);
    expect(rows[1].reference).toBeCloseTo(-108.9, 12);
    expect(rows[0].errorMha).toBeCloseTo(400, 9);
    expect(rows.map((row) => row.subspace)).toEqual([12, 30]);
    expect(hasReference(rows)).toBe(true);
  });

  it('keeps each molecule of a scan against its own reference', () => {
    const rows = energyRows([historyPoint(1, -1.1, 0.03), historyPoint(2, -7.8, 0.02)]);
    expect(rows[0].reference).toBeCloseTo(-1.13, 12);
    expect(rows[1].reference).toBeCloseTo(-7.82, 12);
  });

  it('has no reference and no error without one', () => {
    const rows = energyRows([historyPoint(1, -1.13, null)]);
    expect(rows[0]).toMatchObject({ reference: null, errorMha: null, errorSize: null });
    expect(hasReference(rows)).toBe(false);
  });

  it('sizes the error in mHa, an energy below its reference and an exact hit included', () => {
    const [below, exact] = energyRows([historyPoint(1, -1.2, -0.0025), historyPoint(2, -1.13, 0)]);
    expect(below.errorMha).toBeCloseTo(-2.5, 9);
    expect(below.errorSize).toBeCloseTo(2.5, 9);
    expect(exact.errorSize).toBe(ERROR_FLOOR_MHA);
  });
});

describe('tick precision follows the range', () => {
  it('tells H2 energies a few mHa apart with three decimals, never five times -1.137', () => {
    const rows = energyRows([historyPoint(1, -1.13, 0.007284), historyPoint(2, -1.137283, 0.000001)]);
    const labels = tickLabels(energyAxis(rows));
    expect(labels).toEqual(['-1.138', '-1.136', '-1.134', '-1.132', '-1.130']);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('uses as many decimals as a range of a few tens of µHa needs', () => {
    const axis = linearAxis([-108.900031, -108.900012]);
    expect(axis.decimals).toBe(6);
    expect(tickLabels(axis)).toEqual(['-108.900030', '-108.900025', '-108.900020', '-108.900015']);
  });

  it('writes whole hartrees without decimals over a wide range', () => {
    expect(tickLabels(linearAxis([-112, -95]))).toEqual(['-110', '-105', '-100', '-95']);
  });

  it('keeps the ticks inside the padded domain', () => {
    const rows = energyRows([historyPoint(1, -108, 1), historyPoint(2, -108.5, 0.5)]);
    const axis = energyAxis(rows);
    expect(axis.domain[0]).toBeCloseTo(-109.1);
    expect(axis.domain[1]).toBeCloseTo(-107.9);
    expect(axis.ticks[0]).toBeGreaterThanOrEqual(axis.domain[0]);
    expect(axis.ticks.at(-1)).toBeLessThanOrEqual(axis.domain[1]);
  });

  it('draws a settled run or a single value over 10 µHa, at six decimals, not at the scale of its noise', () => {
    const settled = energyRows([
      historyPoint(1, -1.1372838345, -5e-10),
      historyPoint(2, -1.1372838345, -5e-10),
    ]);
    const [low, high] = energyDomain(settled);
    expect(high - low).toBeCloseTo(MIN_ENERGY_SPAN, 15);
    expect((low + high) / 2).toBeCloseTo(-1.13728383425, 12);
    const axis = energyAxis(settled);
    expect(axis.decimals).toBe(6);
    expect(tickLabels(axis)).toEqual(['-1.137288', '-1.137286', '-1.137284', '-1.137282', '-1.137280']);
    const [single] = [energyDomain(energyRows([historyPoint(1, -5, null)]))];
    expect(single[0]).toBeCloseTo(-5.000005, 12);
    expect(single[1]).toBeCloseTo(-4.999995, 12);
  });
});

describe('subspace axis', () => {
  it('counts from zero in whole determinants, with room above the largest', () => {
    const sizes = (...counts: number[]) =>
      energyRows(counts.map((count, index) => historyPoint(index + 1, -1, null, count)));
    expect(subspaceAxis(sizes(2, 2)).ticks).toEqual([0, 1, 2]);
    expect(subspaceAxis(sizes(120, 4000)).ticks).toEqual([0, 1000, 2000, 3000, 4000]);
  });
});

describe('error axis', () => {
  it('spans whole decades around the errors and the 1.6 mHa line', () => {
    const rows = energyRows([historyPoint(1, -1.13, 0.007284), historyPoint(2, -1.137, 0.000003)]);
    expect(errorAxis(rows)).toEqual({ domain: [0.001, 10], ticks: [0.001, 0.01, 0.1, 1, 10] });
  });

  it('keeps an error on the floor off the frame', () => {
    const rows = energyRows([historyPoint(1, -1.13, 0.0005), historyPoint(2, -1.137, 0)]);
    expect(errorAxis(rows).domain).toEqual([1e-5, 10]);
  });

  it('still shows chemical accuracy when every error is far above it', () => {
    const rows = energyRows([historyPoint(1, -100, 0.4), historyPoint(2, -100.3, 0.1)]);
    expect(errorAxis(rows).domain).toEqual([1, 1000]);
  });

  it('labels every second decade when there are many', () => {
    const rows = energyRows([historyPoint(1, -100, 0.9), historyPoint(2, -100.9, 0)]);
    expect(errorAxis(rows)).toEqual({ domain: [1e-5, 1000], ticks: [1e-5, 0.001, 0.1, 10, 1000] });
  });

  it('writes decades as powers of ten', () => {
    expect([0.001, 1, 100].map(formatDecade)).toEqual(['10⁻³', '10⁰', '10²']);
  });
});

describe('markers', () => {
  it('marks each point of a short run and none of a long one', () => {
    const run = (count: number) =>
      energyRows(Array.from({ length: count }, (_, index) => historyPoint(index + 1, -1, null)));
    expect(showsMarkers(run(MARKER_LIMIT))).toBe(true);
    expect(showsMarkers(run(MARKER_LIMIT + 1))).toBe(false);
  });
});

it('formats energies to 6 decimals', () => {
  expect(formatEnergy(-108.1234567)).toBe('-108.123457');
});
