import { useId, useLayoutEffect, useRef, useState } from 'react';
import { Banner } from '../../../components/ui/banner.tsx';
import { useHybridJobLogs } from '../api/get-hybrid-job-logs.ts';

/** How near the end a reader may be and still follow new lines (a fraction of a line of rounding). */
const FOLLOW_SLACK_PX = 4;

/**
 * The monitor's collapsible Logs drawer (jobs.md 2.3). The logs are read when the monitor opens and again once
 * the job finishes, so the header's "(N events)" is a count, never a placeholder (no count until they are read);
 * opening the drawer on a running job reads them afresh and polls every 5 seconds until it is closed.
 */
export function JobLogsDrawer({ jobArn, finished }: { jobArn: string; finished: boolean }) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const logs = useHybridJobLogs(jobArn, { finished, polling: open && !finished });
  const failed = logs.isError || logs.data?.success === false;
  const count = failed ? undefined : logs.data?.logs.length;
  const list = useRef<HTMLOListElement>(null);
  // Follows new lines, as a terminal does, until the reader scrolls up; scrolling back to the end follows again.
  const following = useRef(true);

  useLayoutEffect(() => {
    const element = list.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [count, open]);

  function toggle() {
    setOpen(!open);
    if (!open && !finished) void logs.refetch();
  }

  return (
    <section className="rounded-lg border border-slate-200">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        className="flex w-full items-center justify-between px-4 py-2 text-left text-sm font-semibold text-slate-800"
      >
        <span>
          Logs {count !== undefined && <span className="font-normal text-slate-500">({count} events)</span>}
        </span>
        <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      {open && (
        <div id={panelId} className="space-y-2 border-t border-slate-200 px-4 py-3">
          {failed ? (
            <Banner tone="error">Failed to load logs</Banner>
          ) : logs.data === undefined ? (
            <p className="text-sm text-slate-500">Loading logs...</p>
          ) : (
            <>
              <p className="text-xs text-slate-500">Log Stream: {logs.data.log_stream_name ?? '-'}</p>
              {logs.data.logs.length === 0 ? (
                <p className="text-sm text-slate-500">No logs available</p>
              ) : (
                <ol
                  ref={list}
                  aria-label="Log messages"
                  // Focusable, so the keyboard scrolls it as the mouse does.
                  tabIndex={0}
                  onScroll={(event) => {
                    const { scrollHeight, scrollTop, clientHeight } = event.currentTarget;
                    following.current = scrollHeight - scrollTop - clientHeight <= FOLLOW_SLACK_PX;
                  }}
                  className="max-h-64 focus-visible:outline-2 focus-visible:outline-accent-500 space-y-0.5 overflow-auto rounded-md bg-slate-900 p-3 font-mono text-xs text-slate-100"
                >
                  {logs.data.logs.map((entry, index) => (
                    <li key={index}>{entry.message}</li>
                  ))}
                </ol>
              )}
            </>
          )}
        </div>
      )}
    </section>
  );
}
