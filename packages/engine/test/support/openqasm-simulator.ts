import { parseString } from 'qasm-ts';
import QuantumCircuit from 'quantum-circuit';

/**
 * An OpenQASM 3 program's outcome distribution from third-party code alone: qasm-ts parses it and
 * quantum-circuit (a state-vector simulator) runs it. Returns the probability of each value of the
 * classical register, bit k of the index being b[k].
 *
 * Three adaptations for qasm-ts, none touching the gates' meaning: its lexer knows no `#pragma`
 * (Braket's verbatim directive, which only stops Braket's compiler from rewriting), it cannot measure
 * hardware qubits (`$n` becomes `hw[n]` of a declared register), and it knows only declared gates
 * (Braket's built-in rx, rz, cz and prx are declared here: stdgates.inc, and prx in OpenQASM's U, the
 * rotation exp(−iθ/2·(cos φ·X + sin φ·Y)) = U(θ, φ − π/2, π/2 − φ) exactly, spelt so that qasm-ts,
 * which reads `a - b / c` as (a − b)/c, parses it right).
 */
export function independentProbabilities(source: string): Float64Array {
  const hardware = [...source.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]));
  const lines = source
    .replace(/\$(\d+)/g, 'hw[$1]')
    .split('\n')
    .filter((line) => !line.startsWith('#pragma'));
  const header = [
    'include "stdgates.inc";',
    'gate prx(theta, phi) a { U(theta, phi + (-pi / 2), (pi / 2) - phi) a; }',
    ...(hardware.length > 0 ? [`qubit[${Math.max(...hardware) + 1}] hw;`] : []),
  ];
  const ast = parseString([lines[0], ...header, ...lines.slice(1)].join('\n'), 3, true) as unknown as Node[];
  return new Interpreter().run(ast);
}

interface Node {
  __className__: string;
  [field: string]: unknown;
}

type Scope = ReadonlyMap<string, number | number[]>;

/** The parsed program on a quantum-circuit register: registers laid out one after the other. */
class Interpreter {
  private readonly registers = new Map<string, number>();
  private width = 0;
  private readonly gates: Array<{ name: string; wires: number[]; params?: Record<string, number> }> = [];
  private readonly definitions = new Map<string, Node>();
  private readonly measured = new Map<number, number>();

  run(ast: Node[]): Float64Array {
    for (const node of ast) this.statement(node, new Map());
    const circuit = new QuantumCircuit(this.width);
    for (const gate of this.gates) circuit.appendGate(gate.name, gate.wires, { params: gate.params });
    circuit.run();
    const bits = Array.from({ length: this.measured.size }, (_, k) => this.measured.get(k)!);
    const probabilities = new Float64Array(2 ** bits.length);
    for (const [index, amplitude] of Object.entries(circuit.state)) {
      let outcome = 0;
      bits.forEach((wire, k) => (outcome |= ((Number(index) >>> wire) & 1) << k));
      probabilities[outcome] += amplitude.re ** 2 + amplitude.im ** 2;
    }
    return probabilities;
  }

  private statement(node: Node, scope: Scope): void {
    switch (node.__className__) {
      case 'QuantumDeclaration':
        this.registers.set(name(node.identifier), this.width);
        this.width += this.expression(node.size as Node, scope);
        return;
      case 'QuantumGateDefinition':
        this.definitions.set(name(node.name), node);
        return;
      case 'BoxDefinition':
        for (const inner of (node.scope as { statements: Node[] }).statements) this.statement(inner, scope);
        return;
      case 'QuantumGateCall':
        this.call(node, scope);
        return;
      case 'QuantumMeasurementAssignment': {
        const [qubit] = (node.quantumMeasurement as { identifierList: Node[] }).identifierList;
        const bit = node.identifier as Node;
        this.measured.set(this.expression(bit.subscript as Node, scope), this.wire(qubit, scope));
        return;
      }
      case 'Version':
      case 'Include':
      case 'ClassicalDeclaration':
        return;
      default:
        throw new Error(`unexpected statement ${node.__className__}`);
    }
  }

  private call(node: Node, scope: Scope): void {
    const gate = name(node.quantumGateName);
    const args = ((node.parameters as { args: Node[] } | null)?.args ?? []).map((arg) =>
      this.expression(arg, scope),
    );
    const wires = (node.qubits as Node[]).map((qubit) => this.wire(qubit, scope));
    const definition = this.definitions.get(gate);
    if (definition !== undefined) {
      const inner = new Map<string, number | number[]>();
      (definition.params as { args: Node[] }).args.forEach((param, i) => inner.set(name(param), args[i]));
      (definition.qubits as Node[]).forEach((qubit, i) => inner.set(name(qubit), [wires[i]]));
      for (const statement of (definition.body as { statements: Node[] }).statements)
        this.call(statement, inner);
      return;
    }
    const builtin: Record<string, (a: number[]) => Record<string, number> | undefined> = {
      U: ([theta, phi, lambda]) => ({ theta, phi, lambda }),
      rx: ([theta]) => ({ theta }),
      rz: ([phi]) => ({ phi }),
      cz: () => undefined,
    };
    if (!(gate in builtin)) throw new Error(`unexpected gate ${gate}`);
    this.gates.push({ name: gate === 'U' ? 'u3' : gate, wires, params: builtin[gate](args) });
  }

  private wire(node: Node, scope: Scope): number {
    if (node.__className__ === 'Identifier') {
      const bound = scope.get(name(node));
      if (Array.isArray(bound)) return bound[0];
    }
    if (node.__className__ === 'SubscriptedIdentifier') {
      const start = this.registers.get(node.name as string);
      if (start !== undefined) return start + this.expression(node.subscript as Node, scope);
    }
    throw new Error(`unexpected qubit ${JSON.stringify(node)}`);
  }

  private expression(node: Node, scope: Scope): number {
    switch (node.__className__) {
      case 'IntegerLiteral':
      case 'FloatLiteral':
      case 'NumericLiteral':
        return Number(node.value);
      case 'Pi':
        return Math.PI;
      case 'Identifier': {
        const value = scope.get(name(node));
        if (typeof value !== 'number') throw new Error(`unbound ${name(node)}`);
        return value;
      }
      case 'Unary':
        if (node.op === '-') return -this.expression(node.operand as Node, scope);
        break;
      case 'Arithmetic': {
        const [left, right] = [node.left as Node, node.right as Node].map((x) => this.expression(x, scope));
        if (node.op === '+') return left + right;
        if (node.op === '-') return left - right;
        if (node.op === '*') return left * right;
        if (node.op === '/') return left / right;
        break;
      }
    }
    throw new Error(`unexpected expression ${JSON.stringify(node)}`);
  }
}

function name(node: unknown): string {
  return (node as { name: string }).name;
}
