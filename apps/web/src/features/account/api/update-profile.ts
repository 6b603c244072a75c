import { profileResponse, type ProfileResponse, type UpdateProfileRequest } from '@hivqe/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { profileQueryOptions } from './get-profile.ts';

export function updateProfile(body: UpdateProfileRequest): Promise<ProfileResponse> {
  return apiClient.request('/auth/me/profile', profileResponse, { method: 'POST', body });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryOptions().queryKey, profile),
  });
}
