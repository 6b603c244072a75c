import { BRAND, arnAccount, arnRegion, formatUtcDateTime, type HybridJob } from '@hivqe/contract';
import { Banner } from '../../../components/ui/banner.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { useHybridJobDetail } from '../api/get-hybrid-job-detail.ts';
import { getHybridJobResult, useHybridJobResult } from '../api/get-hybrid-job-result.ts';
import { backEndLabel } from '../back-end-label.ts';
import { DetailList } from './detail-list.tsx';
import { JobResultDownload } from './job-result-download.tsx';
import { JobStatusBadge } from './job-status-badge.tsx';
import { JsonBlock } from './json-block.tsx';
import { JobResultCard } from './result-card/job-result-card.tsx';
import { cloudDeviceLabel } from './result-card/result-format.ts';

/** What Output Data Config says for a job that has none (a local or IQM job keeps its output on this server). */
export const NO_OUTPUT_LOCATION = 'None: the job has no S3 output location';

/** jobs.md 2.2: the job's detail call, with the list's copy for the device, dates and tags. */
export function HybridJobDetailsDialog({ job, onClose }: { job: HybridJob; onClose: () => void }) {
  const detail = useHybridJobDetail(job.job_arn, job.status);
  const result = useHybridJobResult(job.job_arn);
  return (
    <Modal title="Job Details" onClose={onClose} size="lg">
      {detail.isPending ? (
        <StatusMessage>Loading job details...</StatusMessage>
      ) : detail.isError ? (
        <Banner tone="error">Failed to load job details</Banner>
      ) : (
        <div className="space-y-5">
          <div className="flex items-center gap-3">
            <h3 className="text-base font-semibold text-slate-900">{detail.data.job_history.job_name}</h3>
            <JobStatusBadge status={detail.data.job_history.job_status} />
          </div>
          <DetailList
            items={[
              { label: 'Job ARN', value: detail.data.job_arn },
              { label: 'Device', value: job.device || 'No device information available' },
              { label: 'Back End', value: backEndLabel(job) },
              { label: 'Created At', value: formatUtcDateTime(job.created_at) },
              { label: 'Started At', value: formatUtcDateTime(job.started_at) },
              { label: 'Ended At', value: formatUtcDateTime(job.ended_at) },
            ]}
          />
          <JobResultCard
            result={result.data}
            failed={result.isError}
            deviceLabel={cloudDeviceLabel(job.device)}
          />
          <JobResultDownload load={() => getHybridJobResult(job.job_arn)} />
          {Object.keys(job.tags).length > 0 && (
            <section aria-label="Tags" className="space-y-1">
              <h3 className="text-sm font-semibold text-slate-800">Tags</h3>
              <ul className="flex flex-wrap gap-2">
                {Object.entries(job.tags).map(([key, value]) => (
                  <li key={key} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                    {key}: {value}
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section aria-label="Role Configuration" className="space-y-2">
            <h3 className="text-sm font-semibold text-slate-800">Role Configuration</h3>
            <DetailList
              items={[
                { label: 'Last Updated', value: formatUtcDateTime(detail.data.job_history.last_updated) },
                { label: 'Assume Role Used', value: detail.data.job_history.assume_role_used ? 'Yes' : 'No' },
                { label: 'Role ARN', value: detail.data.job_history.role_arn ?? '-' },
              ]}
            />
          </section>
          <section aria-label="Job Information" className="space-y-2">
            <h3 className="text-sm font-semibold text-slate-800">Job Information</h3>
            <DetailList
              items={[
                { label: 'Region', value: arnRegion(detail.data.job_arn) || '-' },
                { label: 'Account', value: arnAccount(detail.data.job_arn) || '-' },
              ]}
            />
          </section>
          <JsonBlock
            title="Output Data Config"
            value={detail.data.job_parameters.output_data_config}
            absent={NO_OUTPUT_LOCATION}
          />
          <JsonBlock
            title="Instance Config"
            value={detail.data.job_parameters.instance_config}
            absent="None: the job names no instance"
          />
          <HyperparametersPane hyperparameters={detail.data.job_parameters.hyperparameters} />
        </div>
      )}
    </Modal>
  );
}

function HyperparametersPane({ hyperparameters }: { hyperparameters: Record<string, string> | null }) {
  if (hyperparameters && Object.keys(hyperparameters).length > 0) {
    return <JsonBlock title="Hyperparameters" value={hyperparameters} />;
  }
  return (
    <section aria-label="Hyperparameters" className="space-y-1">
      <h3 className="text-sm font-semibold text-slate-800">Hyperparameters</h3>
      <p className="text-sm text-slate-600">No hyperparameters available</p>
      <p className="text-xs text-slate-500">
        {BRAND.quantumService} may not expose a job&apos;s hyperparameters through its API.
      </p>
    </section>
  );
}
