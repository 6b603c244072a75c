import { QasmError } from './qasm-error.ts';

/** Value of an OpenQASM 3 angle expression: numbers, `pi`/`π`/`tau`, + − * /, unary minus, parentheses. */
export function evaluateAngle(text: string): number {
  const tokens =
    text.match(/\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?|pi|π|tau|τ|[-+*/()]|\S/g) ?? [];
  let at = 0;
  const peek = (): string | undefined => tokens[at];
  const take = (): string => {
    const token = tokens[at++];
    if (token === undefined) throw new QasmError(`angle "${text}": ends early`);
    return token;
  };
  const primary = (): number => {
    const token = take();
    if (token === '-') return -primary();
    if (token === '+') return primary();
    if (token === '(') {
      const value = sum();
      if (take() !== ')') throw new QasmError(`angle "${text}": missing )`);
      return value;
    }
    if (token === 'pi' || token === 'π') return Math.PI;
    if (token === 'tau' || token === 'τ') return 2 * Math.PI;
    const value = Number(token);
    if (!Number.isFinite(value)) throw new QasmError(`angle "${text}": unexpected "${token}"`);
    return value;
  };
  const product = (): number => {
    let value = primary();
    while (peek() === '*' || peek() === '/') value = take() === '*' ? value * primary() : value / primary();
    return value;
  };
  const sum = (): number => {
    let value = product();
    while (peek() === '+' || peek() === '-') value = take() === '+' ? value + product() : value - product();
    return value;
  };
  const value = sum();
  if (at !== tokens.length) throw new QasmError(`angle "${text}": unexpected "${tokens[at]}"`);
  return value;
}
