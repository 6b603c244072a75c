import { BRAND } from '../brand.ts';
import { findDevice } from './devices.ts';
import { IQM_DEVICES } from './iqm.ts';

/** The services that run jobs: the built-in engine, Amazon Braket, or the engine with IQM Resonance's shots. */
export const JOB_BACKEND_NAMES = ['local', 'braket', 'iqm'] as const;
export type JobBackendName = (typeof JOB_BACKEND_NAMES)[number];

/** The service that ran a job, as the console names it. */
export const JOB_BACKEND_LABELS: Record<JobBackendName, string> = {
  local: 'Local engine',
  braket: BRAND.quantumService,
  iqm: BRAND.vendorCloud,
};

const IQM_COMPUTERS: readonly string[] = IQM_DEVICES;

/**
 * Whether the local engine stood in for a quantum computer the job names (a cloud QPU or an IQM computer):
 * its shots were simulated on this server, not measured.
 */
export const simulatedLocally = (backend: JobBackendName, device: string): boolean =>
  backend === 'local' && (findDevice(device)?.kind === 'qpu' || IQM_COMPUTERS.includes(device));
