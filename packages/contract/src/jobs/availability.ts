import { ALWAYS_DISABLED_DEVICE_ARNS, DEFAULT_DEVICE_ARN, devicesForRegion, type Device } from './devices.ts';
import { isInsideWindow } from './execution-window.ts';
import type { BraketRegion } from './regions.ts';

/**
 * Why a device cannot take a job, in the words the forms show under the device and the server answers with
 * (400) when a create payload names it anyway.
 */
export const DEVICE_MESSAGES = {
  alwaysDisabled: (device: Device) => `${device.label} is disabled: it does not take jobs.`,
  analog: (device: Device) =>
    `${device.label} is an analog device: it cannot run HI-VQE, a gate-model algorithm. Choose a gate-model device.`,
  outsideWindow: (device: Device) =>
    `${device.label} is outside its availability window now (UTC); choose a simulator or a device available now.`,
} as const;

/**
 * Why a device cannot run an HI-VQE job at a UTC instant, or null (jobs.md 4 'Device availability'):
 * simulators always can; Aria-1, Aria-2 and Forte-1 never; an analog device never, since HI-VQE runs
 * circuits; every other QPU only inside one of its execution windows.
 */
export function deviceRefusal(device: Device, at: Date): string | null {
  if (device.kind === 'simulator') return null;
  if (ALWAYS_DISABLED_DEVICE_ARNS.includes(device.arn)) return DEVICE_MESSAGES.alwaysDisabled(device);
  if (device.paradigm !== 'gate') return DEVICE_MESSAGES.analog(device);
  return insideExecutionWindow(device, at) ? null : DEVICE_MESSAGES.outsideWindow(device);
}

/** Whether a QPU takes jobs at a UTC instant by its execution windows alone. */
export const insideExecutionWindow = (device: Device, at: Date): boolean =>
  device.executionWindows.some((window) => isInsideWindow(window, at));

export const isDeviceAvailable = (device: Device, at: Date): boolean => deviceRefusal(device, at) === null;

export const availableDevices = (region: BraketRegion, at: Date): Device[] =>
  devicesForRegion(region).filter((device) => isDeviceAvailable(device, at));

/**
 * The device to keep selected after the region changes: the current one when the new region lists it,
 * otherwise SV1. eu-north-1 lists no simulator, so there the first device of the region is taken instead, so
 * the form never holds a device its dropdown does not show.
 */
export function deviceAfterRegionChange(selectedArn: string, region: BraketRegion): string {
  const devices = devicesForRegion(region);
  if (devices.some((device) => device.arn === selectedArn)) return selectedArn;
  if (devices.some((device) => device.arn === DEFAULT_DEVICE_ARN)) return DEFAULT_DEVICE_ARN;
  return devices[0].arn;
}
