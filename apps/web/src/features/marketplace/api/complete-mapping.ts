import { completeMappingResponse, type CompleteMappingResponse } from '@hivqe/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { forgetMappingId, storedMappingId } from '../../../lib/marketplace-mapping.ts';

export function completeMapping(mappingId: string): Promise<CompleteMappingResponse> {
  return apiClient.request('/auth/marketplace-mapping/complete', completeMappingResponse, {
    method: 'POST',
    body: { mapping_id: mappingId },
  });
}

/** 404: expired or unknown; 409: linked to someone else. Such a mapping can never complete. */
const NEVER_COMPLETES = [400, 404, 409];

/**
 * After a login in marketplace mode (a mapping id is stored, spec 4.1): links the mapping to the account and
 * forgets it once mapping_completed, or once it can never complete. A failure never fails the login.
 */
export async function linkStoredMapping(): Promise<void> {
  const mappingId = storedMappingId();
  if (!mappingId) return;
  try {
    if ((await completeMapping(mappingId)).mapping_completed) forgetMappingId();
  } catch (error) {
    if (error instanceof ApiError && NEVER_COMPLETES.includes(error.status)) forgetMappingId();
  }
}
