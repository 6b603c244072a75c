import { evaluateAngle } from './expression.ts';
import { QasmError } from './qasm-error.ts';

export { QasmError };

export interface GateCall {
  name: string;
  params: number[];
  qubits: string[];
}

/** The subset of OpenQASM 3 a Braket gate-model program uses, as our exporter writes it. */
export interface ParsedProgram {
  /** Qubit names (`q[0]`, or `$3` for physical qubits) in declaration order; physical ones as they appear. */
  qubits: string[];
  physical: boolean;
  /** A `#pragma braket verbatim` box: the device must run the gates as written, on native gates only. */
  verbatim: boolean;
  gates: GateCall[];
  /** Measured qubits in classical-bit order: entry k is the qubit written to bit k. */
  measured: string[];
}

const GATE = /^([A-Za-z_]\w*)\s*(?:\(([^)]*(?:\([^)]*\)[^)]*)*)\))?\s+(.+)$/;

/**
 * Parses statements in order. Errors name the offending statement, as a Braket simulator's
 * ValidationException does.
 */
export function parseQasm(source: string): ParsedProgram {
  const program: ParsedProgram = { qubits: [], physical: false, verbatim: false, gates: [], measured: [] };
  const registers = new Map<string, number>();
  const bits = new Map<string, number>();
  const measuredByBit = new Map<number, string>();
  let bitOffset = 0;
  const text = source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(/^\s*#pragma\s+braket\s+verbatim\s*$/gm, () => {
      program.verbatim = true;
      return '';
    })
    .replace(/\bbox\s*\{/g, '')
    .replace(/\}/g, '');
  const statements = text
    .split(';')
    .map((s) => s.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
  if (!/^OPENQASM 3(\.0)?$/.test(statements[0] ?? ''))
    throw new QasmError('program must start with "OPENQASM 3.0;"');

  const qubit = (operand: string): string => {
    const physical = /^\$(\d+)$/.exec(operand);
    if (physical) {
      if (registers.size > 0) throw new QasmError('physical and virtual qubits cannot be mixed');
      program.physical = true;
      if (!program.qubits.includes(operand)) program.qubits.push(operand);
      return operand;
    }
    const indexed = /^([A-Za-z_]\w*)\[(\d+)\]$/.exec(operand);
    if (!indexed) throw new QasmError(`unsupported qubit operand "${operand}"`);
    const size = registers.get(indexed[1]);
    if (size === undefined) throw new QasmError(`qubit register "${indexed[1]}" is not declared`);
    if (Number(indexed[2]) >= size) throw new QasmError(`qubit ${operand} is out of range`);
    return operand;
  };

  for (const statement of statements.slice(1)) {
    let match: RegExpExecArray | null;
    if (/^include "[^"]*"$/.test(statement)) continue;
    if ((match = /^qubit(?:\[(\d+)\])? ([A-Za-z_]\w*)$/.exec(statement))) {
      if (program.physical) throw new QasmError('physical and virtual qubits cannot be mixed');
      const size = Number(match[1] ?? 1);
      registers.set(match[2], size);
      for (let i = 0; i < size; i++) program.qubits.push(`${match[2]}[${i}]`);
    } else if ((match = /^bit(?:\[(\d+)\])? ([A-Za-z_]\w*)$/.exec(statement))) {
      const size = Number(match[1] ?? 1);
      bits.set(match[2], bitOffset);
      bitOffset += size;
    } else if ((match = /^([A-Za-z_]\w*)\[(\d+)\] ?= ?measure (\S+)$/.exec(statement))) {
      const offset = bits.get(match[1]);
      if (offset === undefined) throw new QasmError(`bit register "${match[1]}" is not declared`);
      const bit = offset + Number(match[2]);
      if (bit >= bitOffset) throw new QasmError(`bit ${match[1]}[${match[2]}] is out of range`);
      measuredByBit.set(bit, qubit(match[3]));
    } else if ((match = GATE.exec(statement))) {
      const params = match[2]?.trim() ? match[2].split(',').map(evaluateAngle) : [];
      const qubits = match[3].split(',').map((operand) => qubit(operand.trim()));
      if (new Set(qubits).size !== qubits.length)
        throw new QasmError(`"${statement}": a qubit appears twice`);
      program.gates.push({ name: match[1], params, qubits });
    } else {
      throw new QasmError(`unsupported statement "${statement}"`);
    }
  }
  const measuredBits = [...measuredByBit.keys()].sort((a, b) => a - b);
  program.measured = measuredBits.map((bit) => measuredByBit.get(bit)!);
  return program;
}
