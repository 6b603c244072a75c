import { profileResponse, type ProfileResponse } from '@hivqe/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export function getProfile(): Promise<ProfileResponse> {
  return apiClient.request('/auth/me/profile', profileResponse);
}

export const profileQueryOptions = () => queryOptions({ queryKey: ['auth', 'profile'], queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
