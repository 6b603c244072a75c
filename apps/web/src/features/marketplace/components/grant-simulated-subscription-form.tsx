import { MARKETPLACE_MESSAGES } from '@hivqe/contract';
import { useState, type FormEvent } from 'react';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { useSimulatedSubscriptionFor } from '../api/subscription.ts';

/**
 * Local marketplace, system administrators: outside a local trial only they give people a simulated
 * subscription, so they grant or cancel one here for any user.
 */
export function GrantSimulatedSubscriptionForm() {
  const [user, setUser] = useState('');
  const grant = useSimulatedSubscriptionFor('grant');
  const cancel = useSimulatedSubscriptionFor('cancel');
  const { message, flash } = useFlashMessage();
  const busy = grant.isPending || cancel.isPending;

  async function run(action: typeof grant, done: string, failed: string) {
    try {
      await action.mutateAsync(user.trim());
      flash('success', done);
    } catch (error) {
      flash('error', messageOf(error, failed));
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void run(grant, MARKETPLACE_MESSAGES.simulatedGranted, 'Failed to grant the simulated subscription');
  }

  return (
    <form onSubmit={onSubmit} className="space-y-3 border-t border-slate-200 pt-4">
      <h2 className="text-sm font-semibold text-slate-900">Grant a simulated subscription</h2>
      {message && <Banner tone={message.tone}>{message.text}</Banner>}
      <FormField
        label="User's email or username"
        value={user}
        onChange={(event) => setUser(event.target.value)}
        maxLength={254}
        required
      />
      <div className="flex gap-2">
        <Button type="submit" disabled={busy || user.trim() === ''}>
          {grant.isPending ? 'Granting...' : 'Grant'}
        </Button>
        <Button
          variant="secondary"
          disabled={busy || user.trim() === ''}
          onClick={() =>
            run(cancel, MARKETPLACE_MESSAGES.simulatedRevoked, 'Failed to cancel the simulated subscription')
          }
        >
          {cancel.isPending ? 'Cancelling...' : "Cancel user's subscription"}
        </Button>
      </div>
    </form>
  );
}
