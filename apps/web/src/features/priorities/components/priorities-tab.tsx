import { BRAND, SOURCE_TYPES } from '@hivqe/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { prioritiesKey, useOrganizationPriorities } from '../api/get-organization-priorities.ts';
import { useUpdateOrganizationPriorities } from '../api/update-organization-priorities.ts';
import { isInternal, isOrganization, type RankableEntry } from '../priority-labels.ts';
import { useDelayedReload } from '../use-delayed-reload.ts';
import { IndividualSubscriptionSection } from './individual-subscription-section.tsx';
import { PriorityCard } from './priority-card.tsx';
import { PrioritiesResetDialog } from './priorities-reset-dialog.tsx';
import { SortablePriorityList } from './sortable-priority-list.tsx';

/** accounts.md section 9: the screen reloads the priorities this long after a save or reset. */
const RELOAD_AFTER_MS = 1000;

/** The member's order applied to the valid organizations; any the order does not know go last. */
function inOrder(valid: RankableEntry[], order: string[] | null): RankableEntry[] {
  if (!order) return valid;
  const byId = new Map(valid.map((entry) => [entry.organization_id, entry]));
  const ordered = order.flatMap((id) => byId.get(id) ?? []);
  return [...ordered, ...valid.filter((entry) => !order.includes(entry.organization_id))];
}

/** accounts.md 2.12 and 4.13: the order in which organizations permit the member's jobs. */
export function PrioritiesTab() {
  const priorities = useOrganizationPriorities();
  const save = useUpdateOrganizationPriorities();
  const [order, setOrder] = useState<string[] | null>(null);
  const [isResetting, setIsResetting] = useState(false);
  const { message, flash } = useFlashMessage();
  const reload = useDelayedReload(prioritiesKey, RELOAD_AFTER_MS);

  if (priorities.isPending) return <StatusMessage>Loading organization priorities...</StatusMessage>;
  if (priorities.isError) {
    return (
      <Banner tone="error">
        {messageOf(priorities.error, 'Failed to load organization priorities. Please try again.')}
      </Banner>
    );
  }

  const { data } = priorities;
  const organizations = data.priorities.filter(isOrganization);
  const valid = organizations.filter((entry) => entry.is_valid);
  const invalid = organizations.filter((entry) => !entry.is_valid);
  const ranked = inOrder(valid, order);
  const isChanged = ranked.some((entry, index) => entry !== valid[index]);
  const activeSource = data.active_source;
  const defaultId = activeSource?.type === SOURCE_TYPES.organization ? activeSource.organization_id : null;
  const cannotCreateJobs =
    !data.individual_marketplace_subscription.active && valid.length === 0 && !isInternal(data);

  function saved(text: string) {
    setOrder(null);
    flash('success', text);
    reload();
  }

  function submit() {
    const body = ranked.map((entry, index) => ({
      organization_id: entry.organization_id,
      priority: index + 1,
    }));
    save.mutate(
      { priorities: body },
      { onSuccess: () => saved('Organization priorities updated successfully!') },
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <h2 className="text-lg font-semibold text-slate-900">Job Creation Permissions</h2>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => setIsResetting(true)}>
            Reset to Default
          </Button>
          {isChanged && (
            <Button
              variant="secondary"
              onClick={() => {
                setOrder(null);
                save.reset();
              }}
            >
              Cancel
            </Button>
          )}
          <Button disabled={!isChanged || save.isPending} onClick={submit}>
            {save.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </div>
      {message && <Banner tone={message.tone}>{message.text}</Banner>}
      {save.isError && <Banner tone="error">Failed to save priorities. Please try again.</Banner>}
      {isInternal(data) && (
        <Banner tone="info">
          You have full access as an internal employee. Organization priorities do not apply.
        </Banner>
      )}
      {cannotCreateJobs && (
        <Banner tone="warning">
          <p className="font-semibold">Cannot Create Jobs</p>
          <p>
            You need either permission from an organization with active subscription or your own{' '}
            {BRAND.marketplace} subscription. Go to the Organization Management tab to ask an organization
            owner for access, or{' '}
            <Link to="/marketplace" className="font-medium underline">
              complete marketplace onboarding
            </Link>
            .
          </p>
        </Banner>
      )}
      {organizations.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center">
          <p className="font-medium text-slate-900">No organizations</p>
          <p className="mt-1 text-sm text-slate-500">
            You don&apos;t belong to any organizations yet. Create or join an organization to use job creation
            permissions.
          </p>
        </div>
      ) : (
        <>
          {valid.length > 0 && (
            <section aria-labelledby="ranked-organizations-heading" className="space-y-3">
              <div>
                <h3 id="ranked-organizations-heading" className="text-sm font-semibold text-slate-700">
                  Organization Permissions (Checked First)
                </h3>
                <p className="text-xs text-slate-500">
                  The first available organization will be used by default
                </p>
              </div>
              <SortablePriorityList entries={ranked} defaultId={defaultId} onReorder={setOrder} />
            </section>
          )}
          {invalid.length > 0 && (
            <section aria-labelledby="unavailable-organizations-heading" className="space-y-3">
              <h3 id="unavailable-organizations-heading" className="text-sm font-semibold text-slate-700">
                Not Available
              </h3>
              <ul aria-label="Not Available" className="space-y-3 opacity-75">
                {invalid.map((entry) => (
                  <PriorityCard key={entry.organization_id} entry={entry} isDefault={false} />
                ))}
              </ul>
            </section>
          )}
        </>
      )}
      <IndividualSubscriptionSection
        active={data.individual_marketplace_subscription.active}
        isDefault={activeSource?.type === SOURCE_TYPES.individual}
      />
      {isResetting && (
        <PrioritiesResetDialog
          onClose={() => setIsResetting(false)}
          onReset={() => {
            setIsResetting(false);
            saved('Reset to default priority order!');
          }}
        />
      )}
    </div>
  );
}
