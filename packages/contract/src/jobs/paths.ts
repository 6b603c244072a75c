/** Paths of the job calls under API_BASE (jobs.md 7). */
export const JOB_PATHS = {
  hybridJobs: '/hi-vqe/hybrid-jobs',
  hybridJob: '/hi-vqe/hybrid-jobs/job',
  hybridJobDetail: '/hi-vqe/hybrid-jobs/detail',
  hybridJobCancel: '/hi-vqe/hybrid-jobs/job/cancel',
  hybridJobLogs: '/hi-vqe/hybrid-jobs/logs',
  /** Not in the spec: the energy points the monitor's chart draws (the spec leaves their source open). */
  hybridJobMetrics: '/hi-vqe/hybrid-jobs/metrics',
  /** Not in the spec: the job's result as one document (energies, sizes, history, timings). */
  hybridJobResult: '/hi-vqe/hybrid-jobs/result',
  /** Not in the spec: a bond scan's jobs and energies (issue 11 §3), by scan_id. */
  hybridJobScan: '/hi-vqe/hybrid-jobs/scan',
  hybridJobScanCancel: '/hi-vqe/hybrid-jobs/scan/cancel',
  iqmJobs: '/hi-vqe/iqm-jobs',
  iqmJob: (id: string) => `/hi-vqe/iqm-jobs/${encodeURIComponent(id)}`,
  iqmJobResult: (id: string) => `/hi-vqe/iqm-jobs/${encodeURIComponent(id)}/result`,
} as const;
