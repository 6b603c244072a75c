import { ALWAYS_DISABLED_DEVICE_ARNS, DEFAULT_DEVICE_ARN, devicesForRegion, type Device } from './devices.ts';
import { isInsideWindow } from './execution-window.ts';
import type { BraketRegion } from './regions.ts';

/**
 * Whether a device can be chosen at a UTC instant (jobs.md 4): simulators always; Aria-1, Aria-2 and
 * Forte-1 never; every other QPU only inside one of its execution windows.
 */
export function isDeviceAvailable(device: Device, at: Date): boolean {
  if (device.kind === 'simulator') return true;
  if (ALWAYS_DISABLED_DEVICE_ARNS.includes(device.arn)) return false;
  return device.executionWindows.some((window) => isInsideWindow(window, at));
}

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
