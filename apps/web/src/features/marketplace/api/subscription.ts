import { marketplaceSubscriptionResponse, type MarketplaceSubscriptionResponse } from '@hivqe/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { marketplaceKeys } from './query-keys.ts';

export function getSubscription(): Promise<MarketplaceSubscriptionResponse> {
  return apiClient.request('/marketplace/subscription', marketplaceSubscriptionResponse);
}

export const subscriptionQueryOptions = () =>
  queryOptions({ queryKey: marketplaceKeys.subscription(), queryFn: getSubscription });

export function useSubscription() {
  return useQuery(subscriptionQueryOptions());
}

const simulate = (method: 'POST' | 'DELETE') => () =>
  apiClient.request('/marketplace/simulated-subscription', marketplaceSubscriptionResponse, { method });

/**
 * Local mode: starts or cancels the simulated subscription. It changes what the user may run under, so every
 * query (permission sources, priorities, mapping status) is refreshed.
 */
export function useSimulatedSubscription(action: 'start' | 'cancel') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: simulate(action === 'start' ? 'POST' : 'DELETE'),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** A system administrator grants (or cancels) the simulated subscription of a user, by e-mail or username. */
export function useSimulatedSubscriptionFor(action: 'grant' | 'cancel') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: string) =>
      apiClient.request(
        `/marketplace/simulated-subscriptions/${encodeURIComponent(user)}`,
        marketplaceSubscriptionResponse,
        { method: action === 'grant' ? 'PUT' : 'DELETE' },
      ),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
