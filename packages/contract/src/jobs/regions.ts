/**
 * Regions of the cloud path (jobs.md 9, cloud-services.md).
 *
 * Every region Amazon Braket runs hybrid jobs in; account settings offer all of them (accounts.md 9), the
 * wizard shows the settings' region read-only, and the server accepts any of them.
 */
export const BRAKET_REGIONS = ['us-east-1', 'us-west-1', 'us-west-2', 'eu-west-2', 'eu-north-1'] as const;
export type BraketRegion = (typeof BRAKET_REGIONS)[number];

/** The newer creation form's Region dropdown: the regions that have a device list of their own. */
export const JOB_FORM_REGIONS = [
  'us-east-1',
  'us-west-1',
  'eu-west-2',
  'eu-north-1',
] as const satisfies readonly BraketRegion[];

/**
 * One default for the form, the wizard and the payload. The spec's sources disagree (us-east-1 / us-west-1);
 * us-east-1 is where all three simulators and most QPUs are, see docs/decisions.md.
 */
export const DEFAULT_JOB_REGION: BraketRegion = 'us-east-1';

/** The region the IQM form shows once an API key is set; IQM Resonance is not a Braket region. */
export const IQM_DEFAULT_REGION = 'eu-west-1';

export const isBraketRegion = (value: string): value is BraketRegion =>
  (BRAKET_REGIONS as readonly string[]).includes(value);
