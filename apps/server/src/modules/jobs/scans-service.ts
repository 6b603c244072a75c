import {
  SCAN_MESSAGES,
  isActiveJobStatus,
  type CancelScanResponse,
  type ScanJob,
  type ScanResponse,
} from '@hivqe/contract';
import type { RhfEnergies } from '../../db/schema/job-checkpoints.ts';
import type { JobRow } from '../../db/schema/jobs.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import type { QuantumBackends } from '../../providers/quantum/backends.ts';
import { engineRuns } from '../../providers/quantum/local/engine-runs.ts';
import type { Actor } from '../audit/actor.ts';
import type { AuditLog } from '../audit/service.ts';
import type { UserRow } from '../auth/repo.ts';
import type { JobsRepo } from './repo.ts';
import { moleculeResult } from './result-document.ts';
import { auditTarget } from './service.ts';

export interface ScansServiceDeps {
  repo: JobsRepo;
  backends: QuantumBackends;
  audit: AuditLog;
}

/**
 * Bond scans (issue 11 §3): read and cancelled as a whole. Whoever may read the scan's jobs reads the scan (the
 * owner, or a system administrator); only the owner cancels. Anyone else gets 404, as for a job.
 */
export class ScansService {
  constructor(private readonly deps: ScansServiceDeps) {}

  /**
   * Each job with its status and, once the engine has finished it, its energies (before that, the RHF energy its
   * computation told); by bond length.
   */
  async read(user: UserRow, scanId: string): Promise<ScanResponse> {
    const jobs = await this.readable(user, scanId);
    const points = await Promise.all(
      jobs.map(async (job) => {
        // A Braket job's results come from its output archive once it has completed.
        await this.deps.backends.of(job.backend).collectResults?.(job);
        const [stored, rhf] = await Promise.all([
          this.deps.repo.runResults(job.id),
          this.deps.repo.runningRhf(job),
        ]);
        // A scan's job computes one molecule: its RHF energy while running, as its own monitor shows it.
        return scanJob(job, stored, rhf.get(0));
      }),
    );
    return {
      scan_id: scanId,
      scan_name: jobs[0].scanName ?? '',
      created_at: jobs[0].createdAt.toISOString(),
      jobs: points.sort((a, b) => a.bond_length - b.bond_length),
    };
  }

  /** Cancels every job of the scan still queued or running (its owner or a system administrator); 409 when none is. */
  async cancel(actor: Actor, scanId: string): Promise<CancelScanResponse> {
    const jobs = await this.readable(actor.user, scanId);
    const cancelled: CancelScanResponse['jobs'] = [];
    for (const job of jobs.filter((scanned) => isActiveJobStatus(scanned.status))) {
      const outcome = await this.deps.backends.of(job.backend).cancel(job);
      // It ended between the read and the cancel: nothing left to stop.
      if (outcome === 'ended') continue;
      await this.deps.audit.record(actor, 'job.cancel', auditTarget(job), {
        status: outcome,
        scan_id: scanId,
      });
      cancelled.push({ job_arn: job.jobArn, status: outcome });
    }
    if (cancelled.length === 0) throw conflict(SCAN_MESSAGES.nothingToCancel);
    return { scan_id: scanId, jobs: cancelled };
  }

  private async readable(user: UserRow, scanId: string): Promise<[JobRow, ...JobRow[]]> {
    const [first, ...others] = await this.deps.repo.scanJobs(scanId);
    if (first === undefined || (first.userId !== user.id && !user.isSystemAdmin)) {
      throw notFound(SCAN_MESSAGES.notFound);
    }
    return [first, ...others];
  }
}

function scanJob(
  job: JobRow,
  stored: Awaited<ReturnType<JobsRepo['runResults']>>,
  rhf: RhfEnergies | undefined,
): ScanJob {
  const [run] = engineRuns(job.kind, job.hyperparameters);
  return {
    job_arn: job.jobArn,
    job_name: job.jobName,
    status: job.status,
    failure_reason: job.failureReason,
    bond_length: Number(job.hyperparameters.geometry_tag),
    result: moleculeResult(run, stored[0], rhf),
  };
}
