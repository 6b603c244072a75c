import type { IqmJobQueue } from '@hivqe/contract';
import { useEffect, useState } from 'react';

/** The time waited in words: seconds for the first minute, then minutes, then hours and minutes. */
export function waitedFor(ms: number): string {
  // A browser clock a little behind the server's would otherwise show a negative wait.
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** Now, once a second: the time waited counts on between the monitor's polls, which may change nothing. */
function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The monitor's line while the job's IQM job waits in IQM Resonance's queue (issue 26): IQM's position where it
 * gives one, and the time waited. Not a live region: it changes every second, and a screen reader would read
 * each one out.
 */
export function IqmQueueNotice({ queue }: { queue: IqmJobQueue }) {
  const now = useNow();
  const position = queue.position === null ? '' : `position ${queue.position}, `;
  return (
    <p className="rounded-md border border-accent-200 bg-accent-50 px-4 py-3 text-sm text-accent-700">
      Waiting in IQM Resonance&apos;s queue: {position}waited{' '}
      {waitedFor(now - Date.parse(queue.waiting_since))}
    </p>
  );
}
