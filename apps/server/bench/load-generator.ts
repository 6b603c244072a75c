import autocannon from 'autocannon';

/** One load run, asked for by the bench over IPC, so the load is generated outside the server's event loop. */
export interface LoadRequest {
  url: string;
  headers: Record<string, string>;
  connections: number;
  durationS: number;
}

export interface LoadResult {
  /** Requests answered during the run. */
  requests: number;
  requestsPerSecond: number;
  meanMs: number;
  p99Ms: number;
  failures: number;
}

process.on('message', async (request: LoadRequest) => {
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
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
  process.send?.(answer);
});
