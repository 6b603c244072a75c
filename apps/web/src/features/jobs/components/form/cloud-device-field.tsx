import { deviceRefusal, findDevice, isDeviceAvailable, type Device } from '@hivqe/contract';
import { useId } from 'react';
import { CONTROL_CLASS } from '../../../../components/ui/field-styles.ts';

interface CloudDeviceFieldProps {
  devices: readonly Device[];
  value: string;
  onChange: (arn: string) => void;
}

/**
 * The quantum device or simulator. A device that cannot take the job now (Aria-1, Aria-2 and Forte-1
 * always; an analog device such as Aquila; another QPU outside its execution windows) is listed but cannot
 * be chosen (jobs.md 4 'Device availability'). When the selected one cannot (a clone, or a window that
 * closed while the form was open), the field says why in the words the server refuses it with, and the
 * forms do not go on.
 */
export function CloudDeviceField({ devices, value, onChange }: CloudDeviceFieldProps) {
  const id = useId();
  const now = new Date();
  const selected = findDevice(value);
  const problem = selected ? deviceRefusal(selected, now) : null;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Quantum Device
      </label>
      <select
        id={id}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={`${CONTROL_CLASS} aria-invalid:border-red-400`}
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
      {problem && (
        <p id={`${id}-error`} className="text-xs text-red-600">
          {problem}
        </p>
      )}
    </div>
  );
}
