import { BRAND, formatUtcDateTime, type IqmJob } from '@hivqe/contract';
import { Banner } from '../../../components/ui/banner.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { backEndLabel } from '../../jobs/back-end-label.ts';
import { DetailList } from '../../jobs/components/detail-list.tsx';
import { NO_OUTPUT_LOCATION } from '../../jobs/components/hybrid-job-details-dialog.tsx';
import { JobResultDownload } from '../../jobs/components/job-result-download.tsx';
import { JobStatusBadge } from '../../jobs/components/job-status-badge.tsx';
import { JsonBlock } from '../../jobs/components/json-block.tsx';
import { JobResultCard } from '../../jobs/components/result-card/job-result-card.tsx';
import { useIqmJob } from '../api/get-iqm-job.ts';
import { getIqmJobResult, useIqmJobResult } from '../api/get-iqm-job-result.ts';
import { iqmDeviceLabel } from '../iqm-devices.ts';

/** '{vendor} Job Details' (jobs.md 2.9): the job fetched afresh, the card's copy meanwhile. */
export function IqmJobDetailsDialog({ job, onClose }: { job: IqmJob; onClose: () => void }) {
  const query = useIqmJob(job);
  const shown = query.data ?? job;
  const result = useIqmJobResult(job.job_arn);
  return (
    <Modal title={`${BRAND.vendor} Job Details`} onClose={onClose} size="lg">
      {query.isError && <Banner tone="error">Failed to load job details</Banner>}
      <div className="flex items-center gap-3">
        <h3 className="text-base font-semibold text-slate-900">{shown.job_name}</h3>
        <JobStatusBadge status={shown.status} />
      </div>
      <DetailList
        items={[
          { label: 'Job ARN', value: shown.job_arn },
          { label: 'Device', value: iqmDeviceLabel(shown.device) },
          { label: 'Back End', value: backEndLabel(shown) },
          { label: 'Created At', value: formatUtcDateTime(shown.created_at) },
          { label: 'Started At', value: formatUtcDateTime(shown.started_at) },
          { label: 'Ended At', value: formatUtcDateTime(shown.ended_at) },
        ]}
      />
      <JobResultCard
        result={result.data}
        failed={result.isError}
        deviceLabel={iqmDeviceLabel(shown.device)}
      />
      <JobResultDownload load={() => getIqmJobResult(job.job_arn)} />
      <JsonBlock title="Hyperparameters" value={shown.hyperparameters} />
      <JsonBlock title="Output Data Config" value={shown.output_data_config} absent={NO_OUTPUT_LOCATION} />
      <JsonBlock title="Tags" value={shown.tags} />
    </Modal>
  );
}
