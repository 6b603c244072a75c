/**
 * Reading job ARNs and device paths (jobs.md 2.1-2.2, 3). ARNs have the form
 * `arn:partition:service:region:account:resource`; device paths end in `.../{vendor}/{device}`.
 */

const arnSegment = (arn: string, index: number) => arn.split(':')[index] ?? '';
const pathSegments = (path: string) => path.split('/');

/** The job's region: the 4th colon-separated segment ('' when absent). */
export const arnRegion = (arn: string) => arnSegment(arn, 3);

/** The job's account: the 5th colon-separated segment ('' when absent). */
export const arnAccount = (arn: string) => arnSegment(arn, 4);

/** The id in job paths (e.g. GET /hi-vqe/iqm-jobs/{id}): the last '/'-separated segment. */
export const jobIdFromArn = (arn: string) => pathSegments(arn).at(-1) ?? '';

/** The device's name: the last path segment ('sv1', 'Aria-1'). */
export const deviceNameFromPath = (device: string) => pathSegments(device).at(-1) ?? '';

/** The company or vendor: the path segment before the name ('' for a bare name). */
export const deviceVendorFromPath = (device: string) => {
  const segments = pathSegments(device);
  return segments.length > 1 ? segments[segments.length - 2] : '';
};

/** The spec's test for simulators (it also decides debug_use_simulator in the payload). */
export const isSimulatorPath = (device: string) => device.includes('simulator');
