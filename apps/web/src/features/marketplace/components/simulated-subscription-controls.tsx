import { MARKETPLACE_MESSAGES } from '@hivqe/contract';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { useSimulatedSubscription } from '../api/subscription.ts';

/**
 * Local marketplace only: subscribe or cancel as a buyer would in the marketplace. Outside a local trial the server
 * refuses a non-administrator, and its words (ask a system administrator) are what the user reads.
 */
export function SimulatedSubscriptionControls({ active }: { active: boolean }) {
  const start = useSimulatedSubscription('start');
  const cancel = useSimulatedSubscription('cancel');
  const { message, flash } = useFlashMessage();

  async function run(action: typeof start, done: string, failed: string) {
    try {
      await action.mutateAsync();
      flash('success', done);
    } catch (error) {
      flash('error', messageOf(error, failed));
    }
  }

  return (
    <div className="space-y-3">
      {message && <Banner tone={message.tone}>{message.text}</Banner>}
      {active ? (
        <Button
          variant="secondary"
          className="w-full"
          disabled={cancel.isPending}
          onClick={() =>
            run(
              cancel,
              MARKETPLACE_MESSAGES.simulatedCancelled,
              'Failed to cancel the simulated subscription',
            )
          }
        >
          {cancel.isPending ? 'Cancelling...' : 'Cancel simulated subscription'}
        </Button>
      ) : (
        <Button
          className="w-full"
          disabled={start.isPending}
          onClick={() =>
            run(start, MARKETPLACE_MESSAGES.simulatedStarted, 'Failed to start the simulated subscription')
          }
        >
          {start.isPending ? 'Starting...' : 'Start simulated subscription'}
        </Button>
      )}
    </div>
  );
}
