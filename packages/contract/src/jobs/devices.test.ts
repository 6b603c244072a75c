import { describe, expect, it } from 'vitest';
import {
  ALWAYS_DISABLED_DEVICE_ARNS,
  DEVICES,
  GARNET,
  SV1,
  WIZARD_DEVICES,
  devicesForRegion,
  findDevice,
} from './devices.ts';
import { BRAKET_REGIONS, JOB_FORM_REGIONS, isBraketRegion } from './regions.ts';

const names = (region: (typeof BRAKET_REGIONS)[number]) =>
  devicesForRegion(region).map((device) => device.name);

describe('device catalogue', () => {
  it('uses the real Braket ARNs', () => {
    expect(DEVICES.map((device) => device.arn)).toEqual([
      'arn:aws:braket:::device/quantum-simulator/amazon/sv1',
      'arn:aws:braket:::device/quantum-simulator/amazon/tn1',
      'arn:aws:braket:::device/quantum-simulator/amazon/dm1',
      'arn:aws:braket:us-east-1::device/qpu/ionq/Forte-Enterprise-1',
      'arn:aws:braket:us-east-1::device/qpu/ionq/Aria-1',
      'arn:aws:braket:us-east-1::device/qpu/ionq/Aria-2',
      'arn:aws:braket:us-east-1::device/qpu/ionq/Forte-1',
      'arn:aws:braket:us-east-1::device/qpu/quera/Aquila',
      'arn:aws:braket:us-west-1::device/qpu/rigetti/Ankaa-3',
      'arn:aws:braket:eu-north-1::device/qpu/iqm/Garnet',
      'arn:aws:braket:eu-north-1::device/qpu/iqm/Emerald',
    ]);
  });

  it('derives name, vendor, kind and region from the ARN', () => {
    expect(SV1).toMatchObject({ name: 'sv1', vendor: 'amazon', kind: 'simulator', region: null });
    expect(GARNET).toMatchObject({ name: 'Garnet', vendor: 'iqm', kind: 'qpu', region: 'eu-north-1' });
    expect(GARNET.label).toBe('IQM Garnet');
  });

  it('gives every QPU execution windows and no simulator any', () => {
    for (const device of DEVICES) {
      expect(device.executionWindows.length > 0).toBe(device.kind === 'qpu');
    }
  });

  it('finds devices by ARN only', () => {
    expect(findDevice(GARNET.arn)).toBe(GARNET);
    expect(findDevice('Garnet')).toBeUndefined();
  });

  it('always disables Aria-1, Aria-2 and Forte-1', () => {
    expect(ALWAYS_DISABLED_DEVICE_ARNS.map((arn) => findDevice(arn)?.name)).toEqual([
      'Aria-1',
      'Aria-2',
      'Forte-1',
    ]);
  });
});

describe('devicesForRegion', () => {
  it('lists the newer form’s simulators and QPUs per region', () => {
    expect(names('us-east-1')).toEqual([
      'sv1',
      'tn1',
      'dm1',
      'Forte-Enterprise-1',
      'Aria-1',
      'Aria-2',
      'Forte-1',
      'Aquila',
    ]);
    expect(names('us-west-1')).toEqual(['sv1', 'dm1', 'Ankaa-3']);
    expect(names('eu-west-2')).toEqual(['sv1', 'tn1', 'dm1']);
    expect(names('eu-north-1')).toEqual(['Garnet', 'Emerald']);
  });

  it('knows us-west-2, which only the settings list offers', () => {
    expect(names('us-west-2')).toEqual(['sv1', 'tn1', 'dm1']);
  });

  it('places every QPU in exactly one region', () => {
    for (const device of DEVICES.filter((candidate) => candidate.kind === 'qpu')) {
      const regions = BRAKET_REGIONS.filter((region) => devicesForRegion(region).includes(device));
      expect(regions).toEqual([device.region]);
    }
  });
});

describe('the older wizard’s devices', () => {
  it('are the 3 simulators and 7 QPUs, Garnet with its real eu-north-1 ARN', () => {
    expect(WIZARD_DEVICES.map((device) => device.name)).toEqual([
      'sv1',
      'dm1',
      'tn1',
      'Aria-1',
      'Aria-2',
      'Forte-1',
      'Forte-Enterprise-1',
      'Aquila',
      'Ankaa-3',
      'Garnet',
    ]);
    expect(WIZARD_DEVICES.find((device) => device.name === 'Garnet')?.region).toBe('eu-north-1');
  });
});

describe('regions', () => {
  it('offers the newer form a subset of the Braket regions, without us-west-2', () => {
    expect(JOB_FORM_REGIONS.every(isBraketRegion)).toBe(true);
    expect(JOB_FORM_REGIONS).not.toContain('us-west-2');
    expect(isBraketRegion('eu-west-1')).toBe(false);
  });
});
