/** Paging, caching, timing and size limits of the job side (jobs.md 9, cloud-services.md). */

/** max_results when a list call names none; also the largest max_results accepted (Braket's limit). */
export const JOB_API_DEFAULT_PAGE_SIZE = 10;
export const JOB_API_MAX_PAGE_SIZE = 100;
/** Page sizes of the jobs table (the server answers one page of one of these). */
export const JOB_TABLE_PAGE_SIZES = [10, 20, 50, 100] as const;
export const JOB_TABLE_DEFAULT_PAGE_SIZE = 10;
export const IQM_PAGE_SIZE = 10;

export const JOB_CACHE_TTL_MS = 30 * 60 * 1000;
export const LOG_POLL_INTERVAL_MS = 5000;
export const JOB_BANNER_MS = 3000;

/**
 * The most bond lengths one create may hold (issue 11 §3): a scan is a job per bond length, and 20 is what one
 * user may have active at once on this server's runners by default (MAX_ACTIVE_JOBS_PER_USER).
 */
export const MAX_SCAN_JOBS = 20;

export const JOB_VOLUME_SIZE_GB = 100;
export const JOB_INSTANCE_COUNT = 1;

/** Braket's hyperparameter limits: at most 100 entries, each value a string of 1-2500 characters. */
export const HYPERPARAMETER_MAX_ENTRIES = 100;
export const HYPERPARAMETER_VALUE_MAX_LENGTH = 2500;

/** Monitor chart: energies to 6 decimals, energy axis padded by 10% of its range. */
export const ENERGY_DECIMALS = 6;
export const ENERGY_AXIS_PADDING = 0.1;

/** Header asking GET /hi-vqe/hybrid-jobs/job to bypass the server's cache. */
export const FORCE_REFRESH_HEADER = 'X-Force-Refresh';

/** While a listed job is queued or running, the jobs table asks for its page again this often (issue 12). */
export const ACTIVE_JOBS_POLL_MS = 5_000;
