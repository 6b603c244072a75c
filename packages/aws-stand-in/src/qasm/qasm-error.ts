/** An OpenQASM program the stand-in cannot read or run: Braket answers these with a ValidationException. */
export class QasmError extends Error {}
