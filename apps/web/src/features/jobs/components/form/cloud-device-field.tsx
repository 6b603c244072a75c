import { isDeviceAvailable, type Device } from '@hivqe/contract';
import { useId } from 'react';
import { CONTROL_CLASS } from '../../../../components/ui/field-styles.ts';

interface CloudDeviceFieldProps {
  devices: readonly Device[];
  value: string;
  onChange: (arn: string) => void;
}

/**
 * The quantum device or simulator. A QPU outside its execution windows right now (and Aria-1, Aria-2 and
 * Forte-1 always) is listed but cannot be chosen (jobs.md 4 'Device availability').
 */
export function CloudDeviceField({ devices, value, onChange }: CloudDeviceFieldProps) {
  const id = useId();
  const now = new Date();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Quantum Device
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={CONTROL_CLASS}
      >
        {devices.map((device) => {
          const available = isDeviceAvailable(device, now);
          return (
            <option key={device.arn} value={device.arn} disabled={!available}>
              {available ? device.label : `${device.label} (unavailable)`}
            </option>
          );
        })}
      </select>
    </div>
  );
}
