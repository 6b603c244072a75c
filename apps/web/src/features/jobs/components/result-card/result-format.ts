import { deviceNameFromPath, findDevice, isTerminalJobStatus, type JobStatus } from '@hivqe/contract';

/** How the result card writes its numbers: fixed precision where a reader compares digits, en-US grouping. */

export const formatEnergy = (hartree: number) => `${hartree.toFixed(8)} Ha`;

const MHA = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 3,
  maximumFractionDigits: 3,
  // The sign says whether the energy lies above or below its reference; a rounded zero has none.
  signDisplay: 'exceptZero',
});
export const formatMha = (millihartree: number) => `${MHA.format(millihartree)} mHa`;

export const formatCount = (count: number) => count.toLocaleString('en-US');

const PERCENT = new Intl.NumberFormat('en-US', { style: 'percent', maximumSignificantDigits: 3 });
/** 100%, 25%, 0.00123%: a tiny fraction of a large space keeps its digits instead of reading 0%. */
export const formatPercent = (fraction: number) => PERCENT.format(fraction);

/** Seconds to two decimals under a minute; then minutes and seconds, and hours past an hour. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds.toFixed(2)} s`;
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  return hours > 0 ? `${hours} h ${minutes} min ${rest} s` : `${minutes} min ${rest} s`;
}

/** A cloud device by the name the forms give it ('SV1 (state vector simulator)'), else by its ARN's last segment. */
export const cloudDeviceLabel = (device: string) =>
  findDevice(device)?.label ?? (deviceNameFromPath(device) || 'Not specified');

/** Why a value of the result is absent, from the job's status: still to come, or never to come. */
export function absenceReason(status: JobStatus): string {
  if (!isTerminalJobStatus(status)) return 'not known yet';
  if (status === 'FAILED') return 'not computed: the job failed';
  if (status === 'CANCELLED') return 'not computed: the job was cancelled';
  return 'not recorded for this run';
}
