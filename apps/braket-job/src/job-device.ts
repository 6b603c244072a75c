import type { NativeDevice, OpenQasmTarget } from '@hivqe/engine';

/** The parts of a GetDevice answer's `deviceCapabilities` (braket.device_schema) the job uses. */
interface DeviceCapabilities {
  action?: Record<string, { supportedOperations?: string[] } | undefined>;
  paradigm?: {
    qubitCount?: number;
    connectivity?: { fullyConnected?: boolean; connectivityGraph?: Record<string, string[]> };
  };
}

export interface JobDevice {
  device: NativeDevice;
  target: OpenQasmTarget;
  /** One of Braket's on-demand simulators (SV1, DM1, TN1). */
  simulator: boolean;
}

export const OPENQASM_ACTION = 'braket.ir.openqasm.program';

/**
 * The device a circuit of `qubitsNeeded` qubits runs on. A simulator's program names virtual qubits in
 * standard gates, and the device offered to the engine has only the qubits the circuit needs (a
 * simulator simulates every declared qubit). A QPU's program names its physical qubits, in its native
 * prx/cz (inside a verbatim box) when it supports them, and its connectivity graph is the device's.
 */
export function jobDevice(deviceArn: string, capabilitiesJson: string, qubitsNeeded: number): JobDevice {
  const capabilities = JSON.parse(capabilitiesJson) as DeviceCapabilities;
  const operations = capabilities.action?.[OPENQASM_ACTION]?.supportedOperations;
  if (operations === undefined) throw new Error(`device ${deviceArn} does not take OpenQASM 3 programs`);
  const qubitCount = capabilities.paradigm?.qubitCount ?? 0;
  if (qubitCount < qubitsNeeded)
    throw new Error(`device ${deviceArn} has ${qubitCount} qubits; the circuit needs ${qubitsNeeded}`);
  const simulator = deviceArn.includes(':device/quantum-simulator/');
  const connectivity = capabilities.paradigm?.connectivity;
  if (simulator || connectivity === undefined || connectivity.fullyConnected === true) {
    const count = simulator ? qubitsNeeded : qubitCount;
    const qubits = Array.from({ length: count }, (_, k) => String(k));
    return {
      device: { qubits, couplings: allPairs(qubits) },
      target: simulator ? { qubits: 'virtual', gates: 'standard' } : physicalTarget(operations),
      simulator,
    };
  }
  const graph = connectivity.connectivityGraph ?? {};
  const qubits = [...new Set([...Object.keys(graph), ...Object.values(graph).flat()])].sort(
    (a, b) => Number(a) - Number(b),
  );
  // The graph may list a coupling in one direction or both: each pair once.
  const pairs = new Map<string, [string, string]>();
  for (const [from, tos] of Object.entries(graph)) {
    for (const to of tos) {
      const pair: [string, string] = Number(from) < Number(to) ? [from, to] : [to, from];
      pairs.set(pair.join('-'), pair);
    }
  }
  const couplings = [...pairs.values()];
  return { device: { qubits, couplings }, target: physicalTarget(operations), simulator };
}

function physicalTarget(operations: string[]): OpenQasmTarget {
  const lower = new Set(operations.map((op) => op.toLowerCase()));
  return { qubits: 'physical', gates: lower.has('prx') && lower.has('cz') ? 'native' : 'standard' };
}

function allPairs(qubits: string[]): Array<[string, string]> {
  return qubits.flatMap((a, i) => qubits.slice(i + 1).map((b): [string, string] => [a, b]));
}
