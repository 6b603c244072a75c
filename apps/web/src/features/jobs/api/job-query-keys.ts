/**
 * Every job-side query lives under ['jobs'], so one invalidation reaches the lists, a job's detail, its logs and
 * its metrics on both paths (jobs.md 4 'Panel behaviour').
 */
export const JOB_QUERY_ROOT = ['jobs'] as const;

export const jobQueryKeys = {
  hybridList: (userId: string, roleArn: string, accountId: string) =>
    [...JOB_QUERY_ROOT, 'hybrid', 'list', userId, roleArn, accountId] as const,
  hybridJob: (jobArn: string) => [...JOB_QUERY_ROOT, 'hybrid', 'job', jobArn] as const,
  hybridDetail: (jobArn: string) => [...JOB_QUERY_ROOT, 'hybrid', 'detail', jobArn] as const,
  hybridLogs: (jobArn: string) => [...JOB_QUERY_ROOT, 'hybrid', 'logs', jobArn] as const,
  hybridMetrics: (jobArn: string) => [...JOB_QUERY_ROOT, 'hybrid', 'metrics', jobArn] as const,
  hybridResult: (jobArn: string) => [...JOB_QUERY_ROOT, 'hybrid', 'result', jobArn] as const,
  hybridScan: (scanId: string) => [...JOB_QUERY_ROOT, 'hybrid', 'scan', scanId] as const,
  /** Keyed by the API key's last 10 characters: the full key is never kept in the browser. */
  iqmList: (userId: string, keyTail: string) => [...JOB_QUERY_ROOT, 'iqm', 'list', userId, keyTail] as const,
  iqmJob: (jobId: string) => [...JOB_QUERY_ROOT, 'iqm', 'job', jobId] as const,
  iqmResult: (jobId: string) => [...JOB_QUERY_ROOT, 'iqm', 'result', jobId] as const,
};
