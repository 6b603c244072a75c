import type { ProfileResponse, UpdateProfileRequest } from '@hivqe/contract';

export interface ProfileDraft {
  name: string;
  phone_number: string;
}

export function draftOf(profile: ProfileResponse): ProfileDraft {
  return { name: profile.name ?? '', phone_number: profile.phone_number ?? '' };
}

/** Only the fields that differ from the saved profile; a blank field clears the value (null). */
export function profileChanges(profile: ProfileResponse, draft: ProfileDraft): UpdateProfileRequest {
  const changes: UpdateProfileRequest = {};
  for (const field of ['name', 'phone_number'] as const) {
    const value = draft[field].trim() || null;
    if (value !== profile[field]) changes[field] = value;
  }
  return changes;
}
