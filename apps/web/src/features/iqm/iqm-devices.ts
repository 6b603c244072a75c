import { BRAND, IQM_FORM_DEVICE, IQM_WIZARD_DEVICES } from '@hivqe/contract';

/** The form's IQM path also offers 'iqm_resonance', the form's own device value: any IQM Resonance computer. */
export const IQM_FORM_DEVICE_OPTIONS = [
  { value: IQM_FORM_DEVICE, label: `${BRAND.vendorCloud} (any device)` },
  ...IQM_WIZARD_DEVICES,
];

/** A device's label; an IQM job without a device shows the provider's name. */
export const iqmDeviceLabel = (device: string | null) =>
  IQM_FORM_DEVICE_OPTIONS.find((option) => option.value === device)?.label ?? device ?? BRAND.vendorCloud;
