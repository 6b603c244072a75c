import type { Xoshiro128 } from './rng.ts';

/**
 * Perturbation size c in c_k = c / k^γ, as a fraction of the parameters' scale (their RMS at the
 * start): ±0.2 rad for a random ±1 rad start, a third of the typical amplitude for an MP2 start, where
 * 0.2 rad on every angle at once would wash the amplitudes out.
 */
const PERTURBATION = 0.35;
/** The scale never falls below this (radians), so that a start at zero still gets probed. */
const MIN_SCALE = 0.01;
const PERTURBATION_DECAY = 0.101;
/** Learning-rate decay a_k = a / (k + A)^α, Spall's recommended exponents. */
const STEP_DECAY = 0.602;
const STABILITY = 1;
/** The first non-zero gradient sets a so that its step moves each parameter by this fraction of the scale. */
const FIRST_STEP = 0.17;

/**
 * Simultaneous-perturbation stochastic approximation (Spall): each iteration probes the cost at
 * θ ± c_k·Δ for a random ±1 vector Δ — two evaluations whatever the number of parameters — and steps
 * along the resulting gradient estimate. The learning rate calibrates itself on the first gradient.
 */
export class Spsa {
  private learningRate: number | null = null;
  private readonly dimension: number;
  private readonly scale: number;

  /** `start`: the initial parameters, whose RMS sets the step sizes. */
  constructor(
    private readonly rng: Xoshiro128,
    start: Float64Array,
  ) {
    this.dimension = start.length;
    const rms = Math.sqrt(start.reduce((sum, t) => sum + t * t, 0) / Math.max(start.length, 1));
    this.scale = Math.max(rms, MIN_SCALE);
  }

  /** The learning rate once calibrated (null before): the only state SPSA gains while it runs. */
  get calibratedRate(): number | null {
    return this.learningRate;
  }

  set calibratedRate(rate: number | null) {
    this.learningRate = rate;
  }

  perturbation(iteration: number): { delta: Float64Array; size: number } {
    const delta = Float64Array.from({ length: this.dimension }, () => (this.rng.next() < 0.5 ? -1 : 1));
    return { delta, size: (PERTURBATION * this.scale) / iteration ** PERTURBATION_DECAY };
  }

  /** Moves theta (in place) given the costs at θ + size·Δ and θ − size·Δ. */
  step(
    theta: Float64Array,
    delta: Float64Array,
    size: number,
    plus: number,
    minus: number,
    iteration: number,
  ): void {
    const slope = (plus - minus) / (2 * size);
    if (slope === 0) return;
    const decay = (iteration + STABILITY) ** STEP_DECAY;
    this.learningRate ??= (FIRST_STEP * this.scale * decay) / Math.abs(slope);
    const step = (this.learningRate / decay) * slope;
    for (let i = 0; i < theta.length; i++) theta[i] -= step * delta[i];
  }
}
