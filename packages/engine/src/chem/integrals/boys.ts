/**
 * Boys function F_n(T) = ∫₀¹ t^(2n) e^(−T t²) dt to about 1e-15 relative accuracy.
 *
 * Below TABLE_END the highest order needed comes from a Taylor expansion about the nearest tabulated
 * point and lower orders from downward recursion, which is stable. Above it the asymptotic F_0 (its
 * error is of order e^(−T)) feeds upward recursion, stable for large T.
 */

/** Highest order callers may request: (gg|gg) integrals need F_16. */
export const BOYS_MAX_ORDER = 16;

const STEP = 0.1;
const TABLE_END = 40;
/** Taylor terms; |ΔT| ≤ STEP/2 makes the first neglected term below 1e-15 relative. */
const TAYLOR_TERMS = 8;
const TABLE_ORDERS = BOYS_MAX_ORDER + TAYLOR_TERMS;
const POINTS = Math.round(TABLE_END / STEP) + 1;

/** table[k * TABLE_ORDERS + n] = F_n(k · STEP). */
const table = buildTable();

const INVERSE_FACTORIAL = Float64Array.from({ length: TAYLOR_TERMS }, (_, j) => {
  let factorial = 1;
  for (let i = 2; i <= j; i++) factorial *= i;
  return 1 / factorial;
});

/** 1/(2n+1): the downward recursion multiplies rather than divides. */
const INVERSE_ODD = Float64Array.from({ length: TABLE_ORDERS }, (_, n) => 1 / (2 * n + 1));

/** Writes F_0(T) … F_nmax(T) into out[0..nmax]. */
export function boys(nmax: number, t: number, out: Float64Array): void {
  if (t < TABLE_END) {
    const k = Math.round(t / STEP);
    const delta = k * STEP - t;
    const row = k * TABLE_ORDERS + nmax;
    let value = 0;
    let power = 1;
    for (let j = 0; j < TAYLOR_TERMS; j++) {
      value += table[row + j] * power * INVERSE_FACTORIAL[j];
      power *= delta;
    }
    out[nmax] = value;
    if (nmax > 0) {
      const expT = Math.exp(-t);
      const twoT = 2 * t;
      for (let n = nmax - 1; n >= 0; n--) out[n] = (twoT * out[n + 1] + expT) * INVERSE_ODD[n];
    }
  } else {
    out[0] = 0.5 * Math.sqrt(Math.PI / t);
    if (nmax > 0) {
      const expT = Math.exp(-t);
      const inverse2T = 0.5 / t;
      for (let n = 0; n < nmax; n++) out[n + 1] = ((2 * n + 1) * out[n] - expT) * inverse2T;
    }
  }
}

/** F_n(T) = e^(−T) Σ_k (2T)^k / ((2n+1)(2n+3)…(2n+2k+1)): all terms positive, so no cancellation. */
export function boysBySeries(n: number, t: number): number {
  let term = 1 / (2 * n + 1);
  let sum = term;
  for (let k = 1; term > 1e-17 * sum; k++) {
    term *= (2 * t) / (2 * n + 2 * k + 1);
    sum += term;
  }
  return Math.exp(-t) * sum;
}

function buildTable(): Float64Array {
  const values = new Float64Array(POINTS * TABLE_ORDERS);
  for (let k = 0; k < POINTS; k++) {
    const t = k * STEP;
    const row = k * TABLE_ORDERS;
    const top = TABLE_ORDERS - 1;
    values[row + top] = boysBySeries(top, t);
    const expT = Math.exp(-t);
    for (let n = top - 1; n >= 0; n--) values[row + n] = (2 * t * values[row + n + 1] + expT) / (2 * n + 1);
  }
  return values;
}
