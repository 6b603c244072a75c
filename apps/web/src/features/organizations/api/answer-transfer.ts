import { messageResponse, type MessageResponse, type TransferAnswerRequest } from '@hivqe/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { useOrganizationMutation } from './use-organization-mutation.ts';

export type TransferAnswer = 'accept' | 'decline';

interface Variables {
  orgId: string;
  requestId: string;
  answer: TransferAnswer;
}

/** The member a transfer is addressed to accepts or declines the request they saw. */
export function answerTransfer({ orgId, requestId, answer }: Variables): Promise<MessageResponse> {
  const body: TransferAnswerRequest = { request_id: requestId };
  return apiClient.request(`/auth/orgs/${orgId}/transfer-request/${answer}`, messageResponse, {
    method: 'POST',
    body,
  });
}

export function useAnswerTransfer() {
  return useOrganizationMutation(answerTransfer);
}
