import type { CSSProperties, ReactNode, Ref } from 'react';
import { Chip } from '../../../components/ui/chip.tsx';
import { DateText } from '../../../components/ui/date-text.tsx';
import { permissionBadge, rankLabel, type RankableEntry } from '../priority-labels.ts';

interface PriorityCardProps {
  entry: RankableEntry;
  /** 1-based; absent for organizations that cannot be ranked. */
  rank?: number;
  isDefault: boolean;
  /** The drag handle of a sortable card. */
  handle?: ReactNode;
  ref?: Ref<HTMLLIElement>;
  style?: CSSProperties;
}

/** One organization as a job-permission source (accounts.md 2.12). */
export function PriorityCard({ entry, rank, isDefault, handle, ref, style }: PriorityCardProps) {
  const name = entry.organization_name ?? 'Organization';
  const isDirect = entry.execution_context === 'direct';
  const subscriptionActive = entry.marketplace_subscription.active;
  const badge = permissionBadge(entry);

  return (
    <li
      ref={ref}
      style={style}
      aria-label={name}
      className="flex gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      {handle}
      <div className="min-w-0 flex-1 space-y-1 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          {rank !== undefined && (
            <span className="text-xs font-semibold text-accent-700 uppercase">{rankLabel(rank)}</span>
          )}
          {isDefault && <Chip tone="info">Default</Chip>}
          <span className="font-medium text-slate-900">{name}</span>
          <Chip tone={badge === 'No Permission' ? 'danger' : 'success'}>{badge}</Chip>
        </div>
        <p className="text-xs text-slate-500">
          Joined: <DateText value={entry.joined_at} fallback="Unknown" />
        </p>
        <p className="text-xs text-slate-600">
          {isDirect
            ? 'Execution: Direct (internal)'
            : `Owner Marketplace: ${subscriptionActive ? 'Active' : 'Inactive'}`}
        </p>
        {!isDirect && <p className="text-xs text-slate-600">Billed to organization</p>}
        {!isDirect && !subscriptionActive && (
          <p className="text-xs font-medium text-amber-700">Owner&apos;s marketplace subscription expired</p>
        )}
        {!entry.can_create_jobs && (
          <p className="text-xs font-medium text-amber-700">Contact owner to request access</p>
        )}
      </div>
    </li>
  );
}
