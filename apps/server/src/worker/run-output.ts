import type { IterationPoint } from '@hivqe/engine';
import type { StoredRunResult } from '../db/schema/jobs.ts';
import type { JobOutputRepo, NewJobLog, NewJobMetric } from './job-output.ts';

/** Rows per insert, well below PostgreSQL's 65,535 bind parameters. */
const MAX_BATCH = 2000;

/**
 * One running job's output on its way to the database. The engine reports faster than rows can be inserted
 * one by one, so lines and points gather while a write is under way and go in the next one, in order.
 */
export class RunOutput {
  private readonly logs: NewJobLog[] = [];
  private readonly metrics: NewJobMetric[] = [];
  private readonly results: StoredRunResult[] = [];
  private scheduled = false;
  private written: Promise<void> = Promise.resolve();

  constructor(
    private readonly jobId: string,
    private readonly repo: JobOutputRepo,
    private readonly onError: (error: unknown) => void,
  ) {}

  log(message: string): void {
    this.logs.push({ jobId: this.jobId, timestamp: new Date(), message });
    this.schedule();
  }

  metric(point: IterationPoint): void {
    this.metrics.push({
      jobId: this.jobId,
      costFunctionCall: point.costFunctionCall,
      energy: point.energy,
      // The engine reports NaN when it knows no exact energy to compare with.
      error: Number.isNaN(point.error) ? null : point.error,
      numStates: point.numStates,
      timestamp: new Date(point.timestamp),
    });
    this.schedule();
  }

  /** A computation's result, stored after the points and lines reported before it. */
  result(result: StoredRunResult): void {
    this.results.push(result);
    this.schedule();
  }

  /** Resolves once everything reported so far is stored. */
  flushed(): Promise<void> {
    return this.written;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.written = this.written.then(() => this.write());
  }

  private async write(): Promise<void> {
    this.scheduled = false;
    const logs = this.logs.splice(0, MAX_BATCH);
    const metrics = this.metrics.splice(0, MAX_BATCH);
    // A result waits until the points before it are written: it comes after its computation's last point.
    const results = this.metrics.length === 0 ? this.results.splice(0) : [];
    if (this.logs.length > 0 || this.metrics.length > 0 || this.results.length > 0) this.schedule();
    try {
      await this.repo.appendLogs(logs);
      await this.repo.appendMetrics(metrics);
      for (const result of results) await this.repo.appendResult(this.jobId, result);
    } catch (error) {
      this.onError(error);
    }
  }
}
