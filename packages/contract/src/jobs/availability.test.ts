import { describe, expect, it } from 'vitest';
import {
  DEVICE_MESSAGES,
  availableDevices,
  deviceAfterRegionChange,
  deviceRefusal,
  insideExecutionWindow,
  isDeviceAvailable,
} from './availability.ts';
import {
  ANKAA_3,
  AQUILA,
  ARIA_1,
  ARIA_2,
  DM1,
  EMERALD,
  FORTE_1,
  FORTE_ENTERPRISE_1,
  GARNET,
  SV1,
  TN1,
  type Device,
} from './devices.ts';

// 2024-01-01 is a Monday; 01-06 a Saturday, 01-07 a Sunday, 01-08 the next Monday.
const DAYS = {
  Mon: '2024-01-01',
  Tue: '2024-01-02',
  Wed: '2024-01-03',
  Thu: '2024-01-04',
  Fri: '2024-01-05',
  Sat: '2024-01-06',
  Sun: '2024-01-07',
  nextMon: '2024-01-08',
} as const;
const at = (day: keyof typeof DAYS, time: string) => new Date(`${DAYS[day]}T${time}Z`);

type Case = [keyof typeof DAYS, string, boolean];
const check = (device: Device, cases: Case[], rule = isDeviceAvailable) =>
  it.each(cases)(`${device.name} on %s at %s → %s`, (day, time, expected) => {
    expect(rule(device, at(day, time))).toBe(expected);
  });

describe('simulators', () => {
  const instants = [at('Mon', '00:00:00'), at('Sat', '03:30:00'), at('Sun', '23:59:59.999')];
  it.each([SV1, DM1, TN1])('$name is always available', (device) => {
    for (const instant of instants) expect(isDeviceAvailable(device, instant)).toBe(true);
  });
});

describe('Aria-1, Aria-2 and Forte-1', () => {
  it.each([ARIA_1, ARIA_2, FORTE_1])('$name is disabled even inside its window', (device) => {
    expect(isDeviceAvailable(device, at('Mon', '12:00:00'))).toBe(false);
    expect(isDeviceAvailable(device, at('Wed', '18:00:00'))).toBe(false);
    expect(deviceRefusal(device, at('Mon', '12:00:00'))).toBe(DEVICE_MESSAGES.alwaysDisabled(device));
  });
});

describe('deviceRefusal', () => {
  it('names the device and the reason', () => {
    expect(deviceRefusal(ARIA_1, at('Mon', '12:00:00'))).toBe(
      'IonQ Aria 1 is disabled: it does not take jobs.',
    );
    expect(deviceRefusal(ANKAA_3, at('Mon', '08:00:00'))).toBe(
      'Rigetti Ankaa-3 is outside its availability window now (UTC); choose a simulator or a device available now.',
    );
    expect(deviceRefusal(AQUILA, at('Sat', '12:00:00'))).toBe(
      'QuEra Aquila is an analog device: it cannot run HI-VQE, a gate-model algorithm. Choose a gate-model device.',
    );
  });

  it('accepts a simulator at any time and a gate-model QPU inside its window', () => {
    expect(deviceRefusal(SV1, at('Sun', '23:59:59'))).toBeNull();
    expect(deviceRefusal(ANKAA_3, at('Mon', '09:00:00'))).toBeNull();
  });

  it('refuses Aquila, the analog device, inside its window too: HI-VQE runs circuits', () => {
    expect(insideExecutionWindow(AQUILA, at('Sat', '12:00:00'))).toBe(true);
    expect(isDeviceAvailable(AQUILA, at('Sat', '12:00:00'))).toBe(false);
  });
});

describe('Forte Enterprise 1: weekdays 12:00-03:00', () => {
  check(FORTE_ENTERPRISE_1, [
    ['Mon', '11:59:59', false],
    ['Mon', '12:00:00', true],
    ['Mon', '23:59:59', true],
    ['Tue', '00:00:00', true],
    ['Tue', '03:00:00.999', true],
    ['Tue', '03:00:01', false],
    ['Fri', '12:00:00', true],
    ['Sat', '02:00:00', true],
    ['Sat', '03:00:01', false],
    ['Sat', '12:00:00', false],
    ['Sun', '12:00:00', false],
    ['nextMon', '02:00:00', false],
  ]);
});

describe('Aquila: its execution windows', () => {
  check(
    AQUILA,
    [
      ['Mon', '00:59:59', false],
      ['Mon', '01:00:00', true],
      ['Mon', '23:59:59.999', true],
      ['Tue', '00:00:00', true],
      ['Tue', '12:00:00', true],
      ['Tue', '12:00:01', false],
      ['Wed', '11:59:59', true],
      ['Wed', '17:59:59', false],
      ['Wed', '18:00:00', true],
      ['Thu', '12:00:00', true],
      ['Thu', '13:00:00', false],
      ['Fri', '00:00:00', true],
      ['Sat', '15:00:00', true],
      ['Sun', '23:59:59', true],
      ['nextMon', '00:30:00', false],
    ],
    insideExecutionWindow,
  );
});

describe('Ankaa-3: every day 00-06:59:59, 09-19, 21-23:59:59', () => {
  check(ANKAA_3, [
    ['Mon', '00:00:00', true],
    ['Mon', '06:59:59', true],
    ['Mon', '07:00:00', false],
    ['Tue', '08:59:59', false],
    ['Tue', '09:00:00', true],
    ['Wed', '19:00:00', true],
    ['Wed', '19:00:01', false],
    ['Thu', '20:59:59', false],
    ['Thu', '21:00:00', true],
    ['Sat', '03:00:00', true],
    ['Sun', '23:59:59', true],
  ]);
});

describe('Garnet: weekdays 00-04:59:59, 07:30-15:59:59, 18-23:59:59', () => {
  check(GARNET, [
    ['Mon', '00:00:00', true],
    ['Mon', '04:59:59', true],
    ['Mon', '05:00:00', false],
    ['Tue', '07:29:59', false],
    ['Tue', '07:30:00', true],
    ['Wed', '15:59:59', true],
    ['Wed', '16:00:00', false],
    ['Thu', '17:59:59', false],
    ['Thu', '18:00:00', true],
    ['Fri', '23:59:59', true],
    ['Sat', '00:00:00', false],
    ['Sun', '12:00:00', false],
  ]);
});

describe('Emerald', () => {
  check(EMERALD, [
    ['Mon', '21:59:59', false],
    ['Mon', '22:00:00', true],
    ['Mon', '23:59:59', true],
    ['Tue', '03:59:59', true],
    ['Tue', '04:00:00', false],
    ['Tue', '06:59:59', false],
    ['Wed', '07:00:00', true],
    ['Wed', '16:59:59', true],
    ['Wed', '17:00:00', false],
    ['Wed', '20:00:00', true],
    ['Thu', '00:00:00', true],
    ['Thu', '21:59:59', true],
    ['Thu', '22:00:00', false],
    ['Fri', '10:00:00', false],
    ['Sun', '23:00:00', false],
  ]);
});

describe('availableDevices', () => {
  it('lists the simulators and the QPUs inside a window', () => {
    const names = availableDevices('us-east-1', at('Mon', '12:00:00')).map((device) => device.name);
    expect(names).toEqual(['sv1', 'tn1', 'dm1', 'Forte-Enterprise-1']);
  });

  it('can be empty: eu-north-1 has no simulator and its QPUs rest at weekends', () => {
    expect(availableDevices('eu-north-1', at('Sat', '12:00:00'))).toEqual([]);
    expect(availableDevices('eu-north-1', at('Mon', '22:30:00')).map((device) => device.name)).toEqual([
      'Garnet',
      'Emerald',
    ]);
  });
});

describe('deviceAfterRegionChange', () => {
  it('keeps a device the new region lists', () => {
    expect(deviceAfterRegionChange(SV1.arn, 'us-west-1')).toBe(SV1.arn);
    expect(deviceAfterRegionChange(GARNET.arn, 'eu-north-1')).toBe(GARNET.arn);
  });

  it('resets to SV1 when the new region does not list the device', () => {
    expect(deviceAfterRegionChange(AQUILA.arn, 'us-west-1')).toBe(SV1.arn);
    expect(deviceAfterRegionChange(TN1.arn, 'us-west-1')).toBe(SV1.arn);
    expect(deviceAfterRegionChange(ANKAA_3.arn, 'eu-west-2')).toBe(SV1.arn);
  });

  it('takes the region’s first device where SV1 is not offered', () => {
    expect(deviceAfterRegionChange(SV1.arn, 'eu-north-1')).toBe(GARNET.arn);
  });
});
