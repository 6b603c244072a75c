import { BRAND } from '../brand.ts';

/** The IQM path's constants and names (jobs.md 2.6, 2.10, 3, 9). */

/** The IQM wizard's devices: IQM Resonance quantum computers, by the names its API uses. */
export const IQM_WIZARD_DEVICES = [
  { value: 'emerald', label: 'Emerald' },
  { value: 'garnet', label: 'Garnet' },
  { value: 'sirius', label: 'Sirius' },
] as const;
/** The creation form's device on the IQM path: any IQM Resonance computer, the server picks its default. */
export const IQM_FORM_DEVICE = 'iqm_resonance';
/** The wizard starts on Garnet, IQM Resonance's generally available computer (the spec names no default). */
export const IQM_WIZARD_DEFAULT_DEVICE = 'garnet';
export const IQM_DEVICES = [IQM_FORM_DEVICE, ...IQM_WIZARD_DEVICES.map((device) => device.value)] as const;
export type IqmDevice = (typeof IQM_DEVICES)[number];

/** The IQM form's fixed account field. */
export const IQM_ACCOUNT_ID = 'iqm-account';
export const IQM_BUCKET_PREFIX = 'iqm-resonance-';
/** Keys are shown, and buckets named, by their last 10 characters only. */
export const API_KEY_VISIBLE_CHARS = 10;

const keyTail = (apiKey: string) => apiKey.slice(-API_KEY_VISIBLE_CHARS);

export const iqmBucketName = (apiKey: string) => `${IQM_BUCKET_PREFIX}${keyTail(apiKey)}`;
export const maskApiKey = (apiKey: string) => `***${keyTail(apiKey)}`;

/** 'iqm-job-{milliseconds since the epoch}'. */
export const iqmJobName = (now: Date) => `iqm-job-${now.getTime()}`;

export const IQM_PROVIDER_TAG = { Provider: BRAND.vendor } as const;
