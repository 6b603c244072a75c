import type { NativeInstruction } from '../native/types.ts';
import { IDENTITY, multiply, rotationXY, type Unitary } from '../native/unitary.ts';
import type { PairUnitary } from './mps.ts';

/** What the matrix-product state applies: a gate on one site, or on sites (site, site+1). */
export type SiteGate =
  { type: 'single'; site: number; u: Unitary } | { type: 'pair'; site: number; u: PairUnitary };

/**
 * A native circuit's gates as site gates, fused: every prx between two cz is folded into the two-qubit
 * gate it belongs to, and successive cz on the same neighbouring pair (a routing SWAP is three) become one
 * gate, so that the state is cut once per fused gate rather than once per cz. A gate is emitted when a
 * later gate needs one of its qubits with another partner, so gates sharing a qubit keep their order.
 * Throws when a cz joins qubits that are not neighbours on the line.
 */
export function siteGates(
  instructions: readonly NativeInstruction[],
  siteOf: (qubit: string) => number,
): SiteGate[] {
  const out: SiteGate[] = [];
  const pending = new Map<number, Unitary>();
  const open = new Map<number, { site: number; u: PairUnitary }>();
  const close = (gate: { site: number; u: PairUnitary } | undefined) => {
    if (gate === undefined) return;
    out.push({ type: 'pair', site: gate.site, u: gate.u });
    open.delete(gate.site);
    open.delete(gate.site + 1);
  };
  for (const instruction of instructions) {
    if (instruction.name === 'prx') {
      const site = siteOf(instruction.qubits[0]);
      const u = rotationXY(2 * Math.PI * instruction.args.angle_t, 2 * Math.PI * instruction.args.phase_t);
      const gate = open.get(site);
      if (gate !== undefined) applyOnSlot(gate.u, u, site - gate.site);
      else pending.set(site, multiply(u, pending.get(site) ?? IDENTITY));
    } else if (instruction.name === 'cz') {
      const [p, q] = instruction.qubits.map(siteOf).sort((x, y) => x - y);
      if (q !== p + 1) {
        throw new Error(`cz ${instruction.qubits.join(' ')}: the qubits are not neighbours on the line`);
      }
      const gate = open.get(p);
      if (gate === undefined || open.get(q) !== gate) {
        close(gate);
        close(open.get(q));
        const fresh = { site: p, u: identityPair() };
        applyOnSlot(fresh.u, pending.get(p) ?? IDENTITY, 0);
        applyOnSlot(fresh.u, pending.get(q) ?? IDENTITY, 1);
        pending.delete(p);
        pending.delete(q);
        open.set(p, fresh);
        open.set(q, fresh);
      }
      const u = open.get(p)!.u;
      for (let col = 0; col < 4; col++) {
        u.re[12 + col] = -u.re[12 + col];
        u.im[12 + col] = -u.im[12 + col];
      }
    }
  }
  for (const gate of new Set(open.values())) close(gate);
  for (const [site, u] of pending) out.push({ type: 'single', site, u });
  return out;
}

function identityPair(): PairUnitary {
  const u = { re: new Float64Array(16), im: new Float64Array(16) };
  for (let i = 0; i < 4; i++) u.re[5 * i] = 1;
  return u;
}

/** g ← (u on `slot`, 0 the pair's first site, 1 its second)·g, in place. */
function applyOnSlot(g: PairUnitary, u: Unitary, slot: number): void {
  const [ar, ai, br, bi, cr, ci, dr, di] = u;
  const stride = slot === 0 ? 2 : 1;
  for (const low of slot === 0 ? [0, 1] : [0, 2]) {
    const high = low + stride;
    for (let col = 0; col < 4; col++) {
      const x = 4 * low + col;
      const y = 4 * high + col;
      const [xr, xi, yr, yi] = [g.re[x], g.im[x], g.re[y], g.im[y]];
      g.re[x] = ar * xr - ai * xi + br * yr - bi * yi;
      g.im[x] = ar * xi + ai * xr + br * yi + bi * yr;
      g.re[y] = cr * xr - ci * xi + dr * yr - di * yi;
      g.im[y] = cr * xi + ci * xr + dr * yi + di * yr;
    }
  }
}
