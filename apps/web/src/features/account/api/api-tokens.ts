import {
  adminApiTokensPath,
  API_TOKENS_PATH,
  apiTokensResponse,
  createApiTokenResponse,
  messageResponse,
  type CreateApiTokenRequest,
} from '@hivqe/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/**
 * Whose tokens: the signed-in user's own (no owner), or, for a system administrator, the user with this e-mail
 * address or username.
 */
const tokensPath = (owner?: string) => (owner === undefined ? API_TOKENS_PATH : adminApiTokensPath(owner));
const tokensKey = (owner?: string) => ['account', 'api-tokens', owner ?? null] as const;

/** Personal access tokens, without their values (the server keeps none). */
export function useApiTokens(owner?: string) {
  return useQuery({
    queryKey: tokensKey(owner),
    queryFn: () => apiClient.request(tokensPath(owner), apiTokensResponse),
  });
}

function useTokenChange<Input, Output>(owner: string | undefined, change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensKey(owner) }),
  });
}

/** Answers the token's value: the only time anyone sees it. */
export const useCreateApiToken = () =>
  useTokenChange(undefined, (body: CreateApiTokenRequest) =>
    apiClient.request(API_TOKENS_PATH, createApiTokenResponse, { method: 'POST', body }),
  );

export const useRevokeApiToken = (owner?: string) =>
  useTokenChange(owner, (id: string) =>
    apiClient.request(`${tokensPath(owner)}/${encodeURIComponent(id)}`, messageResponse, {
      method: 'DELETE',
    }),
  );
