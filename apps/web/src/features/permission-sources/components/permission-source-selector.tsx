import { BRAND, PRIORITY_MESSAGES, type JobPermissionSource } from '@hivqe/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useOrganizationPriorities } from '../../priorities/api/get-organization-priorities.ts';
import {
  sameSource,
  sourceLabel,
  sourceOptions,
  toJobSource,
  unavailableSourceReasons,
  type SourceOption,
} from '../permission-source-options.ts';
import { SubscriptionBadge } from './subscription-badge.tsx';

interface PermissionSourceSelectorProps {
  value: JobPermissionSource | undefined;
  onChange: (source: JobPermissionSource) => void;
}

/**
 * Whom a new job is billed to (jobs.md 2.8, accounts.md 2.16). It starts on the server's active source, the
 * first valid one in the member's order; the choice travels with the job as permission_source.
 */
export function PermissionSourceSelector({ value, onChange }: PermissionSourceSelectorProps) {
  const labelId = useId();
  const listId = useId();
  const organizationsId = useId();
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const priorities = useOrganizationPriorities();
  const activeSource = priorities.data?.active_source;

  useEffect(() => {
    if (value === undefined && activeSource) onChange(toJobSource(activeSource));
  }, [value, activeSource, onChange]);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    // Escape closes the list only, never the dialog around the form (issue 30). The dialog (Radix) listens on the
    // document in the capture phase and stands down for an event already handled; the window hears it first.
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setOpen(false);
      trigger.current?.focus();
    };
    document.addEventListener('mousedown', closeOutside);
    window.addEventListener('keydown', closeOnEscape, { capture: true });
    return () => {
      document.removeEventListener('mousedown', closeOutside);
      window.removeEventListener('keydown', closeOnEscape, { capture: true });
    };
  }, [open]);

  const options = priorities.data ? sourceOptions(priorities.data) : null;
  const choices = options
    ? [options.internal, ...options.organizations, options.personal].filter((option) => option !== null)
    : [];
  // Known as soon as the sources load: the form says so here, where the source is chosen, not at Create.
  const noSource = options !== null && choices.length === 0;
  const refusalId = `${labelId}-refusal`;
  const reasons = noSource && priorities.data ? unavailableSourceReasons(priorities.data) : [];

  function choose(option: SourceOption) {
    onChange(option.source);
    setOpen(false);
  }

  const renderOption = (option: SourceOption) => (
    <button
      key={`${option.source.type}:${option.source.organization_id ?? ''}`}
      type="button"
      role="option"
      aria-selected={sameSource(value, option.source)}
      onClick={() => choose(option)}
      className="block w-full space-y-0.5 px-3 py-2 text-left hover:bg-slate-50 aria-selected:bg-accent-50"
    >
      <span className="flex items-center justify-between gap-2 text-sm font-medium text-slate-900">
        {option.label}
        {option.subscription && <SubscriptionBadge subscription={option.subscription} />}
      </span>
      {option.billedTo && <span className="block text-xs text-slate-500">Billed to: {option.billedTo}</span>}
    </button>
  );

  return (
    <div ref={container} className="relative space-y-1">
      <span id={labelId} className="block text-sm font-medium text-slate-700">
        Permission Source
      </span>
      <button
        ref={trigger}
        type="button"
        aria-labelledby={`${labelId} ${labelId}-current`}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-invalid={noSource ? true : undefined}
        aria-describedby={noSource ? refusalId : undefined}
        disabled={!options}
        onClick={() => setOpen(!open)}
        className="flex w-full items-center justify-between rounded-md border border-slate-300 bg-white px-3 py-2 text-left text-sm shadow-sm disabled:bg-slate-100"
      >
        <span id={`${labelId}-current`}>{priorities.isPending ? 'Loading...' : sourceLabel(value)}</span>
        <span aria-hidden="true">▾</span>
      </button>
      {priorities.isError && (
        <p role="alert" className="text-xs text-red-600">
          Failed to load permission sources
        </p>
      )}
      {noSource && (
        <div
          id={refusalId}
          role="alert"
          className="space-y-1 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          <p>{PRIORITY_MESSAGES.noSource}</p>
          {reasons.length > 0 && (
            <ul className="list-disc pl-5">
              {reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          )}
          <Link to="/marketplace" className="font-medium underline">
            Complete {BRAND.cloud} Marketplace Onboarding
          </Link>
        </div>
      )}
      {open && options && (
        <div className="absolute z-10 mt-1 w-full rounded-md border border-slate-200 bg-white py-1 shadow-lg">
          {choices.length === 0 ? (
            <div className="space-y-1 px-3 py-2 text-sm">
              <p className="text-slate-600">No valid permission sources</p>
              <Link to="/marketplace" className="text-accent-600 hover:underline">
                Complete {BRAND.cloud} Marketplace Onboarding
              </Link>
            </div>
          ) : (
            <div id={listId} role="listbox" aria-labelledby={labelId}>
              {options.internal && renderOption(options.internal)}
              {options.organizations.length > 0 && (
                <div role="group" aria-labelledby={organizationsId}>
                  <div
                    id={organizationsId}
                    className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase"
                  >
                    Organizations
                  </div>
                  {options.organizations.map(renderOption)}
                </div>
              )}
              {options.personal && renderOption(options.personal)}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
