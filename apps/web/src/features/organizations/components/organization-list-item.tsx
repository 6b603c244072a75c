import type { Organization } from '@hivqe/contract';
import { Button } from '../../../components/ui/button.tsx';
import { DateText } from '../../../components/ui/date-text.tsx';
import { useStanding } from '../standing.ts';

const OWNER_CANNOT_LEAVE_TOOLTIP = 'Owner cannot leave. Transfer ownership first.';
const OWNER_CANNOT_LEAVE = 'Organization owner cannot leave. Transfer ownership first.';

interface OrganizationListItemProps {
  organization: Organization;
  isSelected: boolean;
  onSelect: () => void;
  onLeave: () => void;
  /** Called with the reason when the user may not leave. */
  onRefused: (reason: string) => void;
}

export function OrganizationListItem({
  organization,
  isSelected,
  onSelect,
  onLeave,
  onRefused,
}: OrganizationListItemProps) {
  const standing = useStanding(organization);
  return (
    <li
      className={`flex items-start justify-between gap-3 rounded-lg border p-3 ${
        isSelected ? 'border-accent-500 bg-accent-50' : 'border-slate-200'
      }`}
    >
      <button
        type="button"
        aria-current={isSelected ? 'true' : undefined}
        onClick={onSelect}
        className="min-w-0 flex-1 text-left"
      >
        <span className="block truncate font-medium text-slate-900">{organization.name}</span>
        {/* slate-600, not 500: 4.5:1 and more on the selected card's tint too (500 gave 4.26:1). */}
        <span className="block text-xs text-slate-600">
          Created: <DateText value={organization.created_at} fallback="Unknown" />
        </span>
        <span className="block text-xs text-slate-600">Members: {organization.member_count}</span>
      </button>
      {standing.isMember && (
        // aria-disabled rather than disabled: the button stays focusable, so its tooltip can be read, and
        // pressing it explains why the owner cannot leave.
        <Button
          variant="secondary"
          aria-disabled={standing.isOwner}
          title={standing.isOwner ? OWNER_CANNOT_LEAVE_TOOLTIP : undefined}
          className="shrink-0 px-3 py-1 aria-disabled:cursor-not-allowed aria-disabled:text-slate-400"
          onClick={() => (standing.isOwner ? onRefused(OWNER_CANNOT_LEAVE) : onLeave())}
        >
          Leave
        </Button>
      )}
    </li>
  );
}
