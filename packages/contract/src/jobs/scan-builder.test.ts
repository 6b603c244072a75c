import { describe, expect, it } from 'vitest';
import { parseGeometry } from './molecule.ts';
import {
  buildScanMolecules,
  scanBondKey,
  scanListLengths,
  scanRangeLengths,
  SCAN_BUILDER_MESSAGES,
} from './scan-builder.ts';

const distance = (geometry: string, i: number, j: number) => {
  const atoms = parseGeometry(geometry)!;
  return Math.hypot(atoms[i].x - atoms[j].x, atoms[i].y - atoms[j].y, atoms[i].z - atoms[j].z);
};

describe('scan lengths', () => {
  it('steps from start to stop, both included, without float noise', () => {
    expect(scanRangeLengths(1.2, 2.0, 0.2, 20)).toEqual({ ok: true, lengths: [1.2, 1.4, 1.6, 1.8, 2] });
    expect(scanRangeLengths(0.7, 1.0, 0.1, 20)).toEqual({ ok: true, lengths: [0.7, 0.8, 0.9, 1] });
  });

  it('steps downwards when stop is below start, and stops before passing stop', () => {
    expect(scanRangeLengths(2, 1, 0.4, 20)).toEqual({ ok: true, lengths: [2, 1.6, 1.2] });
  });

  it('refuses a step that is not positive, lengths below 0.1 Å and more points than allowed', () => {
    expect(scanRangeLengths(1, 2, 0, 20)).toEqual({ ok: false, message: SCAN_BUILDER_MESSAGES.step });
    expect(scanRangeLengths(0, 2, 0.5, 20)).toEqual({ ok: false, message: SCAN_BUILDER_MESSAGES.length });
    expect(scanRangeLengths(1, 3, 0.1, 20)).toEqual({
      ok: false,
      message: SCAN_BUILDER_MESSAGES.tooMany(21, 20),
    });
  });

  it('reads an explicit list, refusing repeats and text', () => {
    expect(scanListLengths('0.9, 1.2 1.6', 20)).toEqual({ ok: true, lengths: [0.9, 1.2, 1.6] });
    expect(scanListLengths('1.0, 1', 20)).toEqual({ ok: false, message: SCAN_BUILDER_MESSAGES.duplicate });
    expect(scanListLengths('1.0, x', 20)).toEqual({ ok: false, message: SCAN_BUILDER_MESSAGES.list });
  });

  it('keys each length with a decimal point', () => {
    expect([2, 1.25, 0.7].map(scanBondKey)).toEqual(['2.0', '1.25', '0.7']);
  });
});

describe('scan geometries', () => {
  it('stretches a diatomic from its first atom', () => {
    const built = buildScanMolecules('Li 0 0 0; H 0 0 1.6', { from: 0, to: 1 }, [1.4, 1.6, 2.0]);
    expect(built).toEqual({
      ok: true,
      molecules: { '1.4': 'Li 0 0 0; H 0 0 1.4', '1.6': 'Li 0 0 0; H 0 0 1.6', '2.0': 'Li 0 0 0; H 0 0 2' },
    });
  });

  it('moves the far atom and the atoms beyond it along the bond, and leaves the near side', () => {
    // H-C≡N along z: stretching C-N (atoms 1, 2) moves N only; H-C (0, 1) moves C and N together.
    const hcn = 'H 0 0 -1.06; C 0 0 0; N 0 0 1.15';
    const cn = buildScanMolecules(hcn, { from: 1, to: 2 }, [1.3]);
    expect(cn).toEqual({ ok: true, molecules: { '1.3': 'H 0 0 -1.06; C 0 0 0; N 0 0 1.3' } });
    const hc = buildScanMolecules(hcn, { from: 0, to: 1 }, [1.2]);
    if (!hc.ok) throw new Error(hc.message);
    const geometry = hc.molecules['1.2'];
    expect(distance(geometry, 0, 1)).toBeCloseTo(1.2, 10);
    expect(distance(geometry, 1, 2)).toBeCloseTo(1.15, 10);
  });

  it('stretches one O-H bond of water along its own direction, the other hydrogen staying', () => {
    const water = 'O 0 0 0.1173; H 0 0.7572 -0.4692; H 0 -0.7572 -0.4692';
    const built = buildScanMolecules(water, { from: 0, to: 1 }, [1.1]);
    if (!built.ok) throw new Error(built.message);
    const geometry = built.molecules['1.1'];
    expect(distance(geometry, 0, 1)).toBeCloseTo(1.1, 8);
    expect(distance(geometry, 0, 2)).toBeCloseTo(distance(water, 0, 2), 8);
    expect(geometry.split('; ')[2]).toBe('H 0 -0.7572 -0.4692');
  });

  it('refuses a template it cannot read, a bond of one atom and atoms at one place', () => {
    expect(buildScanMolecules('H 0 0', { from: 0, to: 1 }, [1])).toEqual({
      ok: false,
      message: SCAN_BUILDER_MESSAGES.template,
    });
    expect(buildScanMolecules('H 0 0 0; H 0 0 1', { from: 1, to: 1 }, [1])).toEqual({
      ok: false,
      message: SCAN_BUILDER_MESSAGES.bond,
    });
    expect(buildScanMolecules('H 0 0 1; H 0 0 1', { from: 0, to: 1 }, [1])).toEqual({
      ok: false,
      message: SCAN_BUILDER_MESSAGES.coincident,
    });
  });
});
