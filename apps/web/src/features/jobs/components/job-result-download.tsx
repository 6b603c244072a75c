import type { JobResultDocument } from '@hivqe/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { downloadFile } from '../../account/download-file.ts';
import { historyCsv, historyFileName, resultFileName, resultJson } from '@hivqe/contract';

export const RESULT_DOWNLOAD_FAILED = 'Failed to download the result';

interface JobResultDownloadProps {
  /** Fetches the job's result document afresh, so the file holds the job as it is now. */
  load: () => Promise<JobResultDocument>;
}

/** "Download": the result document as JSON, or the per-iteration history as CSV. */
export function JobResultDownload({ load }: JobResultDownloadProps) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  async function save(format: 'json' | 'csv') {
    setBusy(true);
    setFailed(null);
    try {
      const result = await load();
      if (format === 'json') downloadFile(resultFileName(result), resultJson(result));
      else downloadFile(historyFileName(result), historyCsv(result), 'text/csv');
    } catch (error) {
      setFailed(
        error instanceof Error && error.message
          ? `${RESULT_DOWNLOAD_FAILED}: ${error.message}`
          : RESULT_DOWNLOAD_FAILED,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div role="group" aria-label="Download" className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-medium text-slate-700">Download</span>
      <Button variant="secondary" disabled={busy} onClick={() => void save('json')}>
        Result (JSON)
      </Button>
      <Button variant="secondary" disabled={busy} onClick={() => void save('csv')}>
        History (CSV)
      </Button>
      {failed && (
        <p role="alert" className="text-sm text-red-700">
          {failed}
        </p>
      )}
    </div>
  );
}
