import { sampleProbabilities, type Counts, type NativeCircuit } from '@hivqe/engine';
// The engine's own generator, which its package does not export: the stand-in draws the shots
// `sampleNative` drew for a seed, so that its tasks' results did not change when it stopped calling it.

/** 2^24 amplitudes (256 MB), as the engine's reference simulator. */
const MAX_SIMULATED_QUBITS = 24;

/** A 2×2 complex matrix, row-major as [re00, im00, re01, im01, re10, im10, re11, im11]. */
type Unitary = Float64Array;

type Operation = { kind: 'unitary'; qubit: number; u: Unitary } | { kind: 'cz'; mask: number };

/** Qubits that cz gates join, directly or through others, and the gates on them in order. */
interface Group {
  qubits: string[];
  operations: Operation[];
}

/**
 * The probabilities of each outcome of a native circuit's final `measure` (bit k of the index is the k-th
 * measured qubit), as the engine's `simulateNative` computes them but fast enough for the 20-qubit
 * programs of a HI-VQE job. Qubits no cz joins never entangle: each group of joined qubits is simulated on
 * its own and the outcome probabilities are the product of the groups' (the epa ansatz keeps alpha and
 * beta qubits apart: N2 6-31G's 20 qubits are two groups of 10). Within a group
 * the prx gates a qubit meets between two cz are multiplied into one 2×2 unitary, applied in one pass, and
 * cz touches only the quarter of the amplitudes it negates. A measured qubit no gate touches reads 0.
 */
export function simulateCircuit(circuit: NativeCircuit): Float64Array {
  const measure = circuit.instructions.at(-1);
  if (measure?.name !== 'measure' || circuit.instructions.some((i) => i.name === 'measure' && i !== measure))
    throw new Error(`circuit ${circuit.name}: expected one measure instruction, at the end`);
  if (measure.qubits.length > MAX_SIMULATED_QUBITS) {
    throw new Error(
      `circuit ${circuit.name}: ${measure.qubits.length} measured qubits; the stand-in samples ${MAX_SIMULATED_QUBITS}`,
    );
  }
  const probabilities = new Float64Array(2 ** measure.qubits.length);
  // Each outcome as the OR of one outcome of every group's measured qubits, with its probability.
  let outcomes = Int32Array.of(0);
  let weights = Float64Array.of(1);
  for (const group of entangledGroups(circuit)) {
    if (group.qubits.length > MAX_SIMULATED_QUBITS) {
      throw new Error(
        `circuit ${circuit.name}: ${group.qubits.length} entangled qubits; the stand-in simulates ${MAX_SIMULATED_QUBITS}`,
      );
    }
    const measured = measure.qubits.flatMap((qubit, bit) => {
      const local = group.qubits.indexOf(qubit);
      return local < 0 ? [] : [{ bit, local }];
    });
    const own = groupProbabilities(
      group,
      measured.map(({ local }) => local),
    );
    const nextOutcomes = new Int32Array(outcomes.length * own.length);
    const nextWeights = new Float64Array(nextOutcomes.length);
    for (let l = 0; l < own.length; l++) {
      let pattern = 0;
      measured.forEach(({ bit }, j) => (pattern |= ((l >>> j) & 1) << bit));
      for (let a = 0; a < outcomes.length; a++) {
        nextOutcomes[a * own.length + l] = outcomes[a] | pattern;
        nextWeights[a * own.length + l] = weights[a] * own[l];
      }
    }
    outcomes = nextOutcomes;
    weights = nextWeights;
  }
  for (let a = 0; a < outcomes.length; a++) probabilities[outcomes[a]] = weights[a];
  return probabilities;
}

/** The circuit's gates split by the groups of qubits that cz joins, single-qubit runs fused. */
function entangledGroups(circuit: NativeCircuit): Group[] {
  const parent = new Map<string, string>();
  const root = (qubit: string): string => {
    let r = qubit;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(qubit, r);
    return r;
  };
  const gates = circuit.instructions.slice(0, -1);
  for (const gate of gates) {
    for (const qubit of gate.qubits) if (!parent.has(qubit)) parent.set(qubit, qubit);
    if (gate.name === 'cz') {
      if (gate.qubits[0] === gate.qubits[1]) throw new Error(`circuit ${circuit.name}: cz on one qubit`);
      parent.set(root(gate.qubits[0]), root(gate.qubits[1]));
    }
  }
  const groups = new Map<string, Group>();
  const placed = new Map<string, { group: Group; bit: number }>();
  for (const qubit of parent.keys()) {
    const key = root(qubit);
    let group = groups.get(key);
    if (group === undefined) groups.set(key, (group = { qubits: [], operations: [] }));
    placed.set(qubit, { group, bit: group.qubits.push(qubit) - 1 });
  }
  // The product of the prx gates each qubit has met since its last cz, not yet applied.
  const pending = new Map<string, Unitary>();
  const flush = (qubit: string) => {
    const u = pending.get(qubit);
    if (u === undefined) return;
    const { group, bit } = placed.get(qubit)!;
    group.operations.push({ kind: 'unitary', qubit: bit, u });
    pending.delete(qubit);
  };
  for (const gate of gates) {
    if (gate.name === 'prx') {
      const [qubit] = gate.qubits;
      const u = rotationXY(2 * Math.PI * gate.args.angle_t, 2 * Math.PI * gate.args.phase_t);
      const before = pending.get(qubit);
      pending.set(qubit, before === undefined ? u : multiply(u, before));
    } else if (gate.name === 'cz') {
      gate.qubits.forEach(flush);
      const [a, b] = gate.qubits.map((qubit) => placed.get(qubit)!);
      a.group.operations.push({ kind: 'cz', mask: (1 << a.bit) | (1 << b.bit) });
    }
  }
  for (const qubit of [...pending.keys()]) flush(qubit);
  return [...groups.values()];
}

/** The group's state from |0…0⟩, summed by outcome of `measured` (bit j of the index: qubit measured[j]). */
function groupProbabilities(group: Group, measured: number[]): Float64Array {
  const re = new Float64Array(2 ** group.qubits.length);
  const im = new Float64Array(re.length);
  re[0] = 1;
  for (const operation of group.operations) {
    if (operation.kind === 'unitary') applyUnitary(re, im, 1 << operation.qubit, operation.u);
    else negateWhereSet(re, im, operation.mask);
  }
  const probabilities = new Float64Array(2 ** measured.length);
  for (let i = 0; i < re.length; i++) {
    let outcome = 0;
    for (let j = 0; j < measured.length; j++) outcome |= ((i >>> measured[j]) & 1) << j;
    probabilities[outcome] += re[i] * re[i] + im[i] * im[i];
  }
  return probabilities;
}

/**
 * `shots` measurements of the circuit, reproducibly for a seed: sorted xoshiro128** uniforms swept over
 * the cumulative probabilities, as the engine's `sampleNative` draws them.
 */
export function sampleCircuit(circuit: NativeCircuit, shots: number, seed: number): Counts {
  return sampleProbabilities(simulateCircuit(circuit), shots, seed);
}

/** exp(−iθ/2·(cos φ·X + sin φ·Y)): Braket's prx(θ, φ). */
function rotationXY(theta: number, phi: number): Unitary {
  const c = Math.cos(theta / 2);
  const s = Math.sin(theta / 2);
  return Float64Array.of(
    c,
    0,
    -s * Math.sin(phi),
    -s * Math.cos(phi),
    s * Math.sin(phi),
    -s * Math.cos(phi),
    c,
    0,
  );
}

/** a·b: b acts first. */
function multiply(a: Unitary, b: Unitary): Unitary {
  const out = new Float64Array(8);
  for (let r = 0; r < 2; r++) {
    for (let c = 0; c < 2; c++) {
      let re = 0;
      let im = 0;
      for (let k = 0; k < 2; k++) {
        const xr = a[4 * r + 2 * k];
        const xi = a[4 * r + 2 * k + 1];
        const yr = b[4 * k + 2 * c];
        const yi = b[4 * k + 2 * c + 1];
        re += xr * yr - xi * yi;
        im += xr * yi + xi * yr;
      }
      out[4 * r + 2 * c] = re;
      out[4 * r + 2 * c + 1] = im;
    }
  }
  return out;
}

/** u on the qubit whose bit is `bit`: each pair (i, i + bit) with that bit clear in i, block by block. */
function applyUnitary(re: Float64Array, im: Float64Array, bit: number, u: Unitary): void {
  const [ar, ai, br, bi, cr, ci, dr, di] = u;
  for (let base = 0; base < re.length; base += 2 * bit) {
    for (let i = base, end = base + bit; i < end; i++) {
      const j = i + bit;
      const xr = re[i];
      const xi = im[i];
      const yr = re[j];
      const yi = im[j];
      re[i] = ar * xr - ai * xi + br * yr - bi * yi;
      im[i] = ar * xi + ai * xr + br * yi + bi * yr;
      re[j] = cr * xr - ci * xi + dr * yr - di * yi;
      im[j] = cr * xi + ci * xr + dr * yi + di * yr;
    }
  }
}

/** cz: −1 on the amplitudes with both bits of `mask` set, visited in order as (i + 1) | mask. */
function negateWhereSet(re: Float64Array, im: Float64Array, mask: number): void {
  for (let i = mask; i < re.length; i = (i + 1) | mask) {
    re[i] = -re[i];
    im[i] = -im[i];
  }
}
