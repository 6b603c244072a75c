import autocannon from 'autocannon';

/** One load run, asked for by the bench over IPC, so the load is generated outside the server's event loop. */
export interface LoadRequest {
  url: string;
  headers: Record<string, string>;
  connections: number;
  durationS: number;
  /** `probe`: one request at a time, each timed to the microsecond (autocannon rounds to whole ms). */
  mode?: 'load' | 'probe';
}

export interface LoadResult {
  /** Requests answered during the run. */
  requests: number;
  requestsPerSecond: number;
  meanMs: number;
  /** Median latency (autocannon's is whole milliseconds; a probe's to the microsecond). */
  p50Ms: number;
  p99Ms: number;
  failures: number;
}

/** Requests one after another for the run's duration; the mean of their times (undici keeps the connection). */
async function probe(request: LoadRequest): Promise<LoadResult> {
  const times: number[] = [];
  let failures = 0;
  const end = performance.now() + request.durationS * 1000;
  while (performance.now() < end) {
    const start = performance.now();
    const response = await fetch(request.url, { headers: request.headers });
    await response.arrayBuffer();
    times.push(performance.now() - start);
    if (!response.ok) failures += 1;
  }
  const sorted = [...times].sort((a, b) => a - b);
  return {
    requests: times.length,
    requestsPerSecond: times.length / request.durationS,
    meanMs: times.reduce((sum, time) => sum + time, 0) / times.length,
    p50Ms: sorted[Math.floor(sorted.length * 0.5)] ?? 0,
    p99Ms: sorted[Math.floor(sorted.length * 0.99)] ?? 0,
    failures,
  };
}

process.on('message', async (request: LoadRequest) => {
  if (request.mode === 'probe') {
    process.send?.(await probe(request));
    return;
  }
  const result = await autocannon({
    url: request.url,
    headers: request.headers,
    connections: request.connections,
    duration: request.durationS,
  });
  const answer: LoadResult = {
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    meanMs: result.latency.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
  process.send?.(answer);
});
