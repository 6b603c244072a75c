import {
  JOB_FORM_REGIONS,
  availableDevices,
  deviceAfterRegionChange,
  devicesForRegion,
  isBraketRegion,
  isDeviceAvailable,
  serviceBucketName,
  findDevice,
  type BraketRegion,
} from '@hivqe/contract';
import { SelectField } from '../../../../components/ui/select-field.tsx';
import type { JobFieldsProps } from '../../job-form-variants.ts';
import { CloudDeviceField } from './cloud-device-field.tsx';
import { InstanceTypeField } from './instance-type-field.tsx';

/**
 * The device kept after a region change: the contract's choice (the same device, else SV1), or the region's
 * first device that is open now when that choice is closed (eu-north-1 has no simulator).
 */
function deviceForRegion(selected: string, region: BraketRegion, now: Date): string {
  const kept = deviceAfterRegionChange(selected, region);
  const device = findDevice(kept);
  if (device === undefined || isDeviceAvailable(device, now)) return kept;
  return availableDevices(region, now)[0]?.arn ?? kept;
}

/** The newer form's 'Resource and Device' on the cloud path: region, its devices and the instance type. */
export function CloudResourceDeviceFields(props: JobFieldsProps) {
  const { form, onChange } = props;
  const region = isBraketRegion(form.aws_default_region) ? form.aws_default_region : JOB_FORM_REGIONS[0];

  function changeRegion(value: string) {
    if (!isBraketRegion(value)) return;
    onChange({
      aws_default_region: value,
      device: deviceForRegion(form.device, value, new Date()),
      ...(form.account_id ? { s3_bucket_name: serviceBucketName(value, form.account_id) } : {}),
    });
  }

  return (
    <>
      <SelectField label="Region" value={region} options={JOB_FORM_REGIONS} onChange={changeRegion} />
      <CloudDeviceField
        devices={devicesForRegion(region)}
        value={form.device}
        onChange={(device) => onChange({ device })}
      />
      <InstanceTypeField {...props} />
    </>
  );
}
