/**
 * The largest (and smallest) value of each numeric hyperparameter a job may carry (issue 24 §5): what a real
 * run needs, so one job cannot hold a runner for hours or fill the database. Server and console both read
 * these; docs/decisions.md gives the reason for each.
 */

/** Braket's most shots a task takes on its simulators and QPUs (SV1, DM1, IQM, Rigetti). */
export const MAX_SHOTS = 100_000;
/** HI-VQE converges in tens of iterations (default 100); the wizard's own ceiling (jobs.md 5). */
export const MAX_ITERATIONS = 1000;
/** The engine's largest subspace (MAX_SUBSPACE_DETERMINANTS): more states than that are refused anyway. */
export const MAX_STATES = 10_000_000;
/** Excitations added to the subspace per iteration: never more than the subspace may hold. */
export const MAX_EXPANSION_STATES = MAX_STATES;
/** The tolerances (energy in Hartree, squared amplitudes): 1 Ha already accepts any energy as converged. */
export const MAX_TOLERANCE = 1;
/** |exact energy| in Hartree: beyond any molecule a 2,500-character geometry of elements up to Ar can hold. */
export const MAX_ABS_ENERGY_HA = 1_000_000;

/**
 * A job's time limit in seconds (`max_runtime`): Braket's own ceiling, 5 days. The operator's default and
 * ceiling (JOB_MAX_RUNTIME_DEFAULT_S, JOB_MAX_RUNTIME_CEILING_S) lie within it.
 */
export const MIN_RUNTIME_S = 1;
export const MAX_RUNTIME_S = 432_000;

/** A time limit in words, as the console and the failure reason give it: '1 h', '90 min', '45 s'. */
export const formatRuntime = (seconds: number): string =>
  seconds % 3600 === 0 ? `${seconds / 3600} h` : seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`;
