/**
 * The devices the stand-in offers, with deviceCapabilities shaped as Braket's device schemas
 * (braket.device_schema.*): service.shotsRange, action['braket.ir.openqasm.program'].supportedOperations,
 * paradigm.qubitCount and, for the QPU, paradigm.connectivity and nativeGateSet. As on the real service,
 * the simulators' paradigm has no connectivity (every pair may interact).
 */
export interface StandInDevice {
  arn: string;
  name: string;
  type: 'SIMULATOR' | 'QPU';
  provider: string;
  qubitCount: number;
  shotsRange: [number, number];
  supportedOperations: string[];
  /** Physical qubits as Braket numbers them, for QPUs. */
  qubits?: number[];
  /** Undirected couplers, for QPUs. */
  couplers?: Array<[number, number]>;
  nativeGateSet?: string[];
}

const SIMULATOR_OPERATIONS = [
  'ccnot',
  'cnot',
  'cphaseshift',
  'cphaseshift00',
  'cphaseshift01',
  'cphaseshift10',
  'cswap',
  'cy',
  'cz',
  'ecr',
  'h',
  'i',
  'iswap',
  'pswap',
  'phaseshift',
  'rx',
  'ry',
  'rz',
  's',
  'si',
  'swap',
  't',
  'ti',
  'unitary',
  'v',
  'vi',
  'x',
  'xx',
  'xy',
  'y',
  'yy',
  'z',
  'zz',
];

const simulator = (id: string, name: string, qubitCount: number): StandInDevice => ({
  arn: `arn:aws:braket:::device/quantum-simulator/amazon/${id}`,
  name,
  type: 'SIMULATOR',
  provider: 'Amazon Braket',
  qubitCount,
  shotsRange: [0, 100000],
  supportedOperations: SIMULATOR_OPERATIONS,
});

/** A 20-qubit square-lattice layout shaped like IQM Garnet (qubits 1–20). */
const GARNET_COUPLERS: Array<[number, number]> = [
  [1, 2],
  [1, 4],
  [2, 5],
  [3, 4],
  [3, 8],
  [4, 5],
  [4, 9],
  [5, 6],
  [5, 10],
  [6, 7],
  [6, 11],
  [7, 12],
  [8, 9],
  [8, 13],
  [9, 10],
  [9, 14],
  [10, 11],
  [10, 15],
  [11, 12],
  [11, 16],
  [12, 17],
  [13, 14],
  [14, 15],
  [14, 18],
  [15, 16],
  [15, 19],
  [16, 17],
  [16, 20],
  [18, 19],
  [19, 20],
];

export const DEVICES: readonly StandInDevice[] = [
  simulator('sv1', 'SV1', 34),
  simulator('dm1', 'DM1', 17),
  simulator('tn1', 'TN1', 50),
  {
    arn: 'arn:aws:braket:eu-north-1::device/qpu/iqm/Garnet',
    name: 'Garnet',
    type: 'QPU',
    provider: 'IQM',
    qubitCount: 20,
    shotsRange: [1, 20000],
    supportedOperations: [
      'ccnot',
      'cnot',
      'cphaseshift',
      'cswap',
      'swap',
      'iswap',
      'cy',
      'cz',
      'h',
      'i',
      'phaseshift',
      'rx',
      'ry',
      'rz',
      's',
      'si',
      't',
      'ti',
      'v',
      'vi',
      'x',
      'y',
      'z',
      'prx',
    ],
    qubits: Array.from({ length: 20 }, (_, i) => i + 1),
    couplers: GARNET_COUPLERS,
    nativeGateSet: ['cz', 'prx'],
  },
];

export function findDevice(arn: string): StandInDevice | undefined {
  return DEVICES.find((device) => device.arn === arn);
}

export function deviceCapabilities(device: StandInDevice): Record<string, unknown> {
  const header = (name: string) => ({ name, version: '1' });
  const paradigm =
    device.type === 'QPU'
      ? {
          braketSchemaHeader: header('braket.device_schema.gate_model_qpu_paradigm_properties'),
          qubitCount: device.qubitCount,
          nativeGateSet: device.nativeGateSet,
          connectivity: {
            fullyConnected: false,
            connectivityGraph: Object.fromEntries(
              device
                .qubits!.map((q) => [
                  String(q),
                  device.couplers!.filter(([a]) => a === q).map(([, b]) => String(b)),
                ])
                .filter(([, neighbours]) => neighbours.length > 0),
            ),
          },
        }
      : {
          braketSchemaHeader: header(
            'braket.device_schema.simulators.gate_model_simulator_paradigm_properties',
          ),
          qubitCount: device.qubitCount,
        };
  return {
    braketSchemaHeader: header(
      device.type === 'QPU'
        ? 'braket.device_schema.iqm.iqm_device_capabilities'
        : 'braket.device_schema.simulators.gate_model_simulator_device_capabilities',
    ),
    service: {
      braketSchemaHeader: header('braket.device_schema.device_service_properties'),
      executionWindows: [
        { executionDay: 'Everyday', windowStartHour: '00:00:00', windowEndHour: '23:59:59' },
      ],
      shotsRange: device.shotsRange,
      deviceLocation: device.type === 'QPU' ? 'Finland' : 'Amazon Web Services',
      updatedAt: '2026-01-01T00:00:00+00:00',
    },
    action: {
      'braket.ir.openqasm.program': {
        actionType: 'braket.ir.openqasm.program',
        version: ['1'],
        supportedOperations: device.supportedOperations,
        supportedModifiers: [],
        supportedPragmas: device.type === 'QPU' ? ['braket_verbatim'] : [],
        forbiddenPragmas: [],
        supportedResultTypes: [],
        supportPhysicalQubits: device.type === 'QPU',
      },
    },
    paradigm,
    deviceParameters: {},
  };
}
