import {
  CLONE_MESSAGES,
  isActiveJobStatus,
  type JobForm,
  type ScanJob,
  type ScanResponse,
} from '@hivqe/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { DataTable, SENTENCE_CELL, type Column } from '../../../components/ui/data-table.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { moleculeValues } from '../components/result-card/molecule-values.tsx';
import { absenceReason } from '../components/result-card/result-format.ts';
import { JobStatusBadge } from '../components/job-status-badge.tsx';
import { cloneScan } from './clone-scan.ts';
import { PotentialEnergyCurve } from './potential-energy-curve.tsx';
import { ScanCurveExport } from './scan-curve-export.tsx';
import { useCancelScan, useScan } from './scan-api.ts';
import { finishedCount, scanCurveRows } from './scan-curve-data.ts';

export const SCAN_VIEW_MESSAGES = {
  loadFailed: 'Failed to load the scan',
  cancelFailed: 'Failed to cancel the scan',
} as const;

const valuesOf = (job: ScanJob) => moleculeValues(job.result, absenceReason(job.status));

const COLUMNS: readonly Column<ScanJob>[] = [
  { header: 'Bond length (Å)', cell: (job) => job.result.geometry_tag ?? job.bond_length },
  { header: 'Status', cell: (job) => <JobStatusBadge status={job.status} /> },
  { header: 'Final energy', cell: (job) => valuesOf(job).final, className: 'whitespace-nowrap' },
  { header: 'RHF energy', cell: (job) => valuesOf(job).rhf, className: 'whitespace-nowrap' },
  // A value may be a sentence saying why it is absent: a floor on the width keeps it from a column one word wide
  // (issue 30: at 360 px it made a row taller than the screen); the table scrolls sideways instead.
  { header: 'Reference energy', cell: (job) => valuesOf(job).reference, className: SENTENCE_CELL },
  { header: 'Error', cell: (job) => valuesOf(job).error, className: SENTENCE_CELL },
];

interface ScanDialogProps {
  scanId: string;
  /** The form a clone starts from: the user's defaults. */
  baseForm: () => JobForm;
  /** Clone Scan: the creation form prefilled with every bond length of the scan. */
  onCloned: (form: JobForm) => void;
  onClose: () => void;
}

/**
 * A bond scan (issue 11 §3): its potential-energy curve and one row per bond length, asked again while any job
 * runs, so both fill in as the jobs finish. Cancel Scan stops every job still active; Clone Scan opens the
 * form with all the scan's bond lengths.
 */
export function ScanDialog({ scanId, baseForm, onCloned, onClose }: ScanDialogProps) {
  const scan = useScan(scanId);
  const title = scan.data ? `Scan - ${scan.data.scan_name}` : 'Scan';
  return (
    <Modal title={title} onClose={onClose} size="xl">
      {scan.isPending && <StatusMessage>Loading scan...</StatusMessage>}
      {scan.isError && <Banner tone="error">{messageOf(scan.error, SCAN_VIEW_MESSAGES.loadFailed)}</Banner>}
      {scan.data && <ScanView scan={scan.data} baseForm={baseForm} onCloned={onCloned} />}
    </Modal>
  );
}

function ScanView({
  scan,
  baseForm,
  onCloned,
}: { scan: ScanResponse } & Pick<ScanDialogProps, 'baseForm' | 'onCloned'>) {
  const queryClient = useQueryClient();
  const cancel = useCancelScan();
  const [confirming, setConfirming] = useState(false);
  const [cloneError, setCloneError] = useState<string | null>(null);
  const chart = useRef<HTMLDivElement>(null);
  const rows = scanCurveRows(scan);
  const active = scan.jobs.filter((job) => isActiveJobStatus(job.status));

  function clone() {
    setCloneError(null);
    // cloneHybridJob fails with the spec's clone messages.
    cloneScan(queryClient, scan, baseForm()).then(onCloned, (error: unknown) =>
      setCloneError(error instanceof Error ? error.message : CLONE_MESSAGES.failed),
    );
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600" role="status">
        {finishedCount(rows)} of {rows.length} bond lengths finished
      </p>
      <section aria-label="Potential energy curve" className="min-w-0 space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-sm font-semibold text-slate-800">Potential Energy Curve</h3>
          <ScanCurveExport scan={scan} chart={chart} />
        </div>
        <div ref={chart}>
          <PotentialEnergyCurve rows={rows} />
        </div>
      </section>
      <DataTable label="Jobs of the scan" columns={COLUMNS} rows={scan.jobs} rowKey={(job) => job.job_arn} />
      {cloneError && <Banner tone="error">{cloneError}</Banner>}
      <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
        <Button variant="secondary" onClick={clone}>
          Clone Scan
        </Button>
        {active.length > 0 && (
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Cancel Scan
          </Button>
        )}
      </div>
      {confirming && (
        <ConfirmDialog
          title="Cancel Scan"
          confirmLabel="Cancel Scan"
          pendingLabel="Cancelling..."
          tone="danger"
          isPending={cancel.isPending}
          error={cancel.isError ? messageOf(cancel.error, SCAN_VIEW_MESSAGES.cancelFailed) : null}
          onConfirm={() => cancel.mutate(scan.scan_id, { onSuccess: () => setConfirming(false) })}
          onCancel={() => {
            cancel.reset();
            setConfirming(false);
          }}
        >
          Cancel the {active.length} queued or running jobs of the scan <strong>{scan.scan_name}</strong>?
          Finished bond lengths keep their results. This cannot be undone.
        </ConfirmDialog>
      )}
    </div>
  );
}
