import type { JobResultDocument } from '@hivqe/contract';
import type { ReactNode } from 'react';
import { backEndLabel } from '../../back-end-label.ts';
import { DetailList } from '../detail-list.tsx';
import { AbsentValue } from './absent-value.tsx';
import { moleculeValues } from './molecule-values.tsx';
import { absenceReason, formatCount, formatDuration } from './result-format.ts';
import { ScanResultTable } from './scan-result-table.tsx';

interface JobResultCardProps {
  /** The job's result document; undefined while it loads. */
  result: JobResultDocument | undefined;
  failed: boolean;
  /** The device as the surrounding dialog names it. */
  deviceLabel: string;
}

/**
 * The job's result at a glance (issue 11): energies against their reference, the subspace against the full
 * space, and where and how long it ran. One molecule is shown as a list; a scan as one row per molecule.
 */
export function JobResultCard({ result, failed, deviceLabel }: JobResultCardProps) {
  return (
    <section aria-label="Result" className="space-y-3 rounded-md border border-slate-200 p-4">
      <h3 className="text-sm font-semibold text-slate-800">Result</h3>
      {result ? (
        <ResultBody result={result} deviceLabel={deviceLabel} />
      ) : failed ? (
        <p role="alert" className="text-sm text-red-700">
          Failed to load the result
        </p>
      ) : (
        <p role="status" className="text-sm text-slate-500">
          Loading result...
        </p>
      )}
    </section>
  );
}

function ResultBody({ result, deviceLabel }: { result: JobResultDocument; deviceLabel: string }) {
  const absent = absenceReason(result.status);
  const pending = <AbsentValue reason={absent} />;
  const seconds = (value: number | null): ReactNode => (value === null ? pending : formatDuration(value));
  const [single] = result.molecules;
  return (
    <>
      {result.result_unavailable_reason && (
        <p role="alert" className="text-sm text-red-700">
          The job’s results could not be read. {result.result_unavailable_reason}
        </p>
      )}
      {result.molecules.length === 1 && single ? (
        <SingleMolecule values={moleculeValues(single, absent)} />
      ) : (
        <ScanResultTable molecules={result.molecules} absent={absent} />
      )}
      <DetailList
        items={[
          {
            label: 'Ran on',
            value: `${backEndLabel(result)}, ${deviceLabel}`,
          },
          {
            label: 'Shots',
            value:
              result.shots_per_circuit === null ? (
                <AbsentValue reason="not readable from the job's settings" />
              ) : (
                `${formatCount(result.shots_per_circuit)} per circuit`
              ),
          },
          { label: 'Wall time', value: seconds(result.timings.wall_seconds) },
          { label: 'CPU time', value: seconds(result.timings.cpu_seconds) },
        ]}
      />
    </>
  );
}

function SingleMolecule({ values }: { values: ReturnType<typeof moleculeValues> }) {
  return (
    <DetailList
      items={[
        { label: 'Final energy', value: values.final },
        { label: 'RHF energy', value: values.rhf },
        { label: 'Reference energy', value: values.reference },
        { label: 'Error', value: values.error },
        { label: 'Subspace', value: values.subspace },
        { label: 'Iterations', value: values.iterations },
      ]}
    />
  );
}
