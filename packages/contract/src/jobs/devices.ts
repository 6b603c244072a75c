import { BRAND } from '../brand.ts';
import { arnRegion, deviceNameFromPath, deviceVendorFromPath, isSimulatorPath } from './arn.ts';
import type { ExecutionWindow } from './execution-window.ts';
import { isBraketRegion, type BraketRegion } from './regions.ts';

/** A quantum device or simulator of the cloud path (jobs.md 3 'Device', 9; ARNs from cloud-services.md). */
export interface Device {
  /** The device path sent as device_name. */
  arn: string;
  /** The last path segment, as the jobs table shows it ('sv1', 'Aria-1'). */
  name: string;
  /** The vendor path segment ('amazon', 'ionq', 'quera', 'rigetti', 'iqm'). */
  vendor: string;
  /** What the forms show. */
  label: string;
  kind: 'simulator' | 'qpu';
  /** gate: runs circuits; analog: evolves a programmed Hamiltonian (QuEra's neutral atoms), no circuits. */
  paradigm: DeviceParadigm;
  /** The QPU's region; null for simulators, whose ARNs are regionless. */
  region: BraketRegion | null;
  /** UTC windows in which a QPU takes jobs; empty for simulators. */
  executionWindows: readonly ExecutionWindow[];
}

function qpuRegion(arn: string): BraketRegion {
  const region = arnRegion(arn);
  if (!isBraketRegion(region)) throw new Error(`Device ${arn} is not in a Braket region`);
  return region;
}

export const DEVICE_PARADIGMS = ['gate', 'analog'] as const;
export type DeviceParadigm = (typeof DEVICE_PARADIGMS)[number];

function device(
  arn: string,
  label: string,
  executionWindows: readonly ExecutionWindow[] = [],
  paradigm: DeviceParadigm = 'gate',
): Device {
  const simulator = isSimulatorPath(arn);
  return {
    arn,
    name: deviceNameFromPath(arn),
    vendor: deviceVendorFromPath(arn),
    label,
    kind: simulator ? 'simulator' : 'qpu',
    paradigm,
    region: simulator ? null : qpuRegion(arn),
    executionWindows,
  };
}

const simulatorArn = (name: string) => `arn:aws:braket:::device/quantum-simulator/amazon/${name}`;
const qpuArn = (region: BraketRegion, vendor: string, name: string) =>
  `arn:aws:braket:${region}::device/qpu/${vendor}/${name}`;

export const SV1 = device(simulatorArn('sv1'), 'SV1 (state vector simulator)');
export const DM1 = device(simulatorArn('dm1'), 'DM1 (density matrix simulator)');
export const TN1 = device(simulatorArn('tn1'), 'TN1 (tensor network simulator)');

/** The default device and the fallback backend name. */
export const DEFAULT_DEVICE_ARN = SV1.arn;
export const DEFAULT_BACKEND_NAME = 'SV1';

const IONQ_WINDOWS: readonly ExecutionWindow[] = [
  { executionDay: 'Weekdays', windowStartHour: '12:00', windowEndHour: '03:00' },
];
const allDay = (executionDay: ExecutionWindow['executionDay']): ExecutionWindow => ({
  executionDay,
  windowStartHour: '00:00',
  windowEndHour: '23:59:59',
});

export const FORTE_ENTERPRISE_1 = device(
  qpuArn('us-east-1', 'ionq', 'Forte-Enterprise-1'),
  'IonQ Forte Enterprise 1',
  IONQ_WINDOWS,
);
export const ARIA_1 = device(qpuArn('us-east-1', 'ionq', 'Aria-1'), 'IonQ Aria 1', IONQ_WINDOWS);
export const ARIA_2 = device(qpuArn('us-east-1', 'ionq', 'Aria-2'), 'IonQ Aria 2', IONQ_WINDOWS);
export const FORTE_1 = device(qpuArn('us-east-1', 'ionq', 'Forte-1'), 'IonQ Forte 1', IONQ_WINDOWS);

export const AQUILA = device(
  qpuArn('us-east-1', 'quera', 'Aquila'),
  'QuEra Aquila',
  [
    { executionDay: 'Monday', windowStartHour: '01:00', windowEndHour: '23:59:59' },
    { executionDay: 'Tuesday', windowStartHour: '00:00', windowEndHour: '12:00' },
    { executionDay: 'Wednesday', windowStartHour: '00:00', windowEndHour: '12:00' },
    { executionDay: 'Wednesday', windowStartHour: '18:00', windowEndHour: '23:59:59' },
    { executionDay: 'Thursday', windowStartHour: '00:00', windowEndHour: '12:00' },
    allDay('Friday'),
    allDay('Saturday'),
    allDay('Sunday'),
  ],
  'analog',
);

export const ANKAA_3 = device(qpuArn('us-west-1', 'rigetti', 'Ankaa-3'), 'Rigetti Ankaa-3', [
  { executionDay: 'Everyday', windowStartHour: '00:00', windowEndHour: '06:59:59' },
  { executionDay: 'Everyday', windowStartHour: '09:00', windowEndHour: '19:00' },
  { executionDay: 'Everyday', windowStartHour: '21:00', windowEndHour: '23:59:59' },
]);

export const GARNET = device(qpuArn('eu-north-1', 'iqm', 'Garnet'), `${BRAND.vendor} Garnet`, [
  { executionDay: 'Weekdays', windowStartHour: '00:00', windowEndHour: '04:59:59' },
  { executionDay: 'Weekdays', windowStartHour: '07:30', windowEndHour: '15:59:59' },
  { executionDay: 'Weekdays', windowStartHour: '18:00', windowEndHour: '23:59:59' },
]);

const emeraldWorkday = (executionDay: 'Tuesday' | 'Wednesday' | 'Thursday', eveningEnd: string) =>
  [
    { executionDay, windowStartHour: '00:00', windowEndHour: '03:59:59' },
    { executionDay, windowStartHour: '07:00', windowEndHour: '16:59:59' },
    { executionDay, windowStartHour: '20:00', windowEndHour: eveningEnd },
  ] satisfies ExecutionWindow[];

export const EMERALD = device(qpuArn('eu-north-1', 'iqm', 'Emerald'), `${BRAND.vendor} Emerald`, [
  { executionDay: 'Monday', windowStartHour: '22:00', windowEndHour: '23:59:59' },
  ...emeraldWorkday('Tuesday', '23:59:59'),
  ...emeraldWorkday('Wednesday', '23:59:59'),
  ...emeraldWorkday('Thursday', '21:59:59'),
]);

/** Every device the server accepts, in the order the forms list them. */
export const DEVICES: readonly Device[] = [
  SV1,
  TN1,
  DM1,
  FORTE_ENTERPRISE_1,
  ARIA_1,
  ARIA_2,
  FORTE_1,
  AQUILA,
  ANKAA_3,
  GARNET,
  EMERALD,
];

/** Listed but never selectable (jobs.md 4 'Device availability'). */
export const ALWAYS_DISABLED_DEVICE_ARNS: readonly string[] = [ARIA_1.arn, ARIA_2.arn, FORTE_1.arn];

/**
 * Simulators per region (jobs.md 9). us-west-2 is not in the newer form; Braket offers all three there, and
 * the server must know a list for every region it accepts.
 */
const SIMULATORS_BY_REGION: Record<BraketRegion, readonly Device[]> = {
  'us-east-1': [SV1, TN1, DM1],
  'us-west-1': [SV1, DM1],
  'us-west-2': [SV1, TN1, DM1],
  'eu-west-2': [SV1, TN1, DM1],
  'eu-north-1': [],
};

/** The newer form's device list for a region: its simulators, then the QPUs located there. */
export const devicesForRegion = (region: BraketRegion): Device[] => [
  ...SIMULATORS_BY_REGION[region],
  ...DEVICES.filter((candidate) => candidate.region === region),
];

export const findDevice = (arn: string): Device | undefined =>
  DEVICES.find((candidate) => candidate.arn === arn);

/**
 * The older wizard's fixed list of 10 devices, shown whatever the region. The observed wizard listed Garnet
 * under eu-west-2; Braket runs Garnet only in eu-north-1, so the list keeps Garnet's real ARN and the payload
 * builder sends a QPU job to its device's region. Emerald is not among the 10 (it came later).
 */
export const WIZARD_DEVICES: readonly Device[] = [
  SV1,
  DM1,
  TN1,
  ARIA_1,
  ARIA_2,
  FORTE_1,
  FORTE_ENTERPRISE_1,
  AQUILA,
  ANKAA_3,
  GARNET,
];
