import { isActiveJobStatus, type HybridJob } from '@hivqe/contract';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useRef } from 'react';

export interface HybridJobActions {
  onDetails: (job: HybridJob) => void;
  onMonitor: (job: HybridJob) => void;
  onClone: (job: HybridJob) => void;
  onCancel: (job: HybridJob) => void;
  onCopyArn: (job: HybridJob) => void;
  /** Opens the view of the bond scan the job belongs to. */
  onScan: (scanId: string) => void;
}

const item =
  'cursor-pointer rounded px-3 py-1.5 text-sm text-slate-700 outline-none data-highlighted:bg-slate-100 data-highlighted:text-slate-900';

/**
 * A job's actions (jobs.md 2.1) in one menu button (WAI-ARIA menu button, by Radix: Enter, Space or the arrow
 * keys open it, arrows move, Escape closes): View Details, Monitor Job, Clone Job, and Cancel Job while the
 * job is active. Not modal: a modal menu locks scrolling with an inline style the CSP refuses. Not in a portal: the
 * open menu stays inside the page's main landmark (axe 'region'); Radix places it with fixed positioning, so the
 * table's scroll box does not clip it.
 */
export function HybridJobActionsMenu({ job, actions }: { job: HybridJob; actions: HybridJobActions }) {
  const trigger = useRef<HTMLButtonElement>(null);
  // The dialog an action opens gives focus back to whatever had it; the menu item is about to go, the button stays.
  const run = (action: (job: HybridJob) => void) => () => {
    trigger.current?.focus();
    action(job);
  };
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        ref={trigger}
        aria-label={`Actions for ${job.job_name}`}
        className="rounded-md px-2 py-0.5 text-lg leading-none text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-accent-600 data-[state=open]:bg-slate-100"
      >
        <span aria-hidden="true">⋯</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
        align="end"
        sideOffset={4}
        className="z-40 min-w-40 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
      >
        <DropdownMenu.Item className={item} onSelect={run(actions.onDetails)}>
          View Details
        </DropdownMenu.Item>
        <DropdownMenu.Item className={item} onSelect={run(actions.onMonitor)}>
          Monitor Job
        </DropdownMenu.Item>
        <DropdownMenu.Item className={item} onSelect={run(actions.onClone)}>
          Clone Job
        </DropdownMenu.Item>
        {isActiveJobStatus(job.status) && (
          <>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.Item
              className={`${item} text-red-700 data-highlighted:bg-red-50 data-highlighted:text-red-800`}
              onSelect={run(actions.onCancel)}
            >
              Cancel Job
            </DropdownMenu.Item>
          </>
        )}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
