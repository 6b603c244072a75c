/** The part of quantum-circuit (npm, untyped) the OpenQASM test drives. */
declare module 'quantum-circuit' {
  export default class QuantumCircuit {
    constructor(numQubits: number);
    appendGate(name: string, wires: number | number[], options?: { params?: Record<string, number> }): void;
    run(): void;
    /** Non-zero amplitudes by basis-state index, wire w being bit w of the index. */
    state: Record<string, { re: number; im: number }>;
  }
}
