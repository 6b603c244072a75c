import type { IterationPoint } from '@hivqe/engine';
import type { StoredRunResult } from '../db/schema/jobs.ts';
import type { JobOutputRepo, NewJobLog, NewJobMetric } from './job-output.ts';
import { CAP_NOTES, LogCap, MetricThinning } from './output-caps.ts';

/** Rows per insert, well below PostgreSQL's 65,535 bind parameters. */
const MAX_BATCH = 2000;

/**
 * One running job's output on its way to the database. The engine reports faster than rows can be inserted
 * one by one, so lines and points gather while a write is under way and go in the next one, in order. How
 * much is stored is bounded (output-caps.ts), and the log says when points are thinned or lines dropped.
 */
export class RunOutput {
  private readonly logs: NewJobLog[] = [];
  private readonly metrics: NewJobMetric[] = [];
  private readonly results: StoredRunResult[] = [];
  private readonly thinning = new MetricThinning<NewJobMetric>();
  private readonly logCap = new LogCap<NewJobLog>();
  private scheduled = false;
  private written: Promise<void> = Promise.resolve();

  constructor(
    private readonly jobId: string,
    private readonly repo: JobOutputRepo,
    private readonly onError: (error: unknown) => void,
  ) {}

  log(message: string): void {
    const kept = this.logCap.offer(this.line(message));
    if (this.logCap.startsDropping) this.logs.push(this.line(CAP_NOTES.logCapped));
    if (kept) this.logs.push(kept);
    this.schedule();
  }

  metric(point: IterationPoint): void {
    const kept = this.thinning.offer({
      jobId: this.jobId,
      costFunctionCall: point.costFunctionCall,
      energy: point.energy,
      // The engine reports NaN when it knows no exact energy to compare with.
      error: Number.isNaN(point.error) ? null : point.error,
      numStates: point.numStates,
      timestamp: new Date(point.timestamp),
    });
    // The note goes past the log's cap: the chart must never hide that it is thinned.
    if (this.thinning.startsThinning) this.logs.push(this.line(CAP_NOTES.metricsThinned));
    if (kept) this.metrics.push(kept);
    this.schedule();
  }

  /** A computation's result, stored after the points and lines reported before it. */
  result(result: StoredRunResult): void {
    this.results.push(result);
    this.schedule();
  }

  /** Resolves once everything reported so far is stored, the last point and lines held back by the caps included. */
  flushed(): Promise<void> {
    const last = this.thinning.last();
    if (last) this.metrics.push(last);
    const tail = this.logCap.last();
    this.logs.push(...tail);
    if (last || tail.length > 0) this.schedule();
    return this.written;
  }

  private line(message: string): NewJobLog {
    return { jobId: this.jobId, timestamp: new Date(), message };
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
