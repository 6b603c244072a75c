import { useState, type FormEvent } from 'react';
import { PHONE_MAX_LENGTH, type ProfileResponse } from '@hivqe/contract';
import { Banner } from '../../../components/ui/banner.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import type { FlashMessage } from '../../../lib/use-flash-message.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { draftOf, profileChanges } from '../profile-changes.ts';
import { FullNameField } from './full-name-field.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';

interface ProfileFormProps {
  profile: ProfileResponse;
  onCancel: () => void;
  onSaved: () => void;
}

export function ProfileForm({ profile, onCancel, onSaved }: ProfileFormProps) {
  const [draft, setDraft] = useState(() => draftOf(profile));
  const [feedback, setFeedback] = useState<FlashMessage | null>(null);
  const update = useUpdateProfile();

  function submit(event: FormEvent) {
    event.preventDefault();
    const changes = profileChanges(profile, draft);
    if (Object.keys(changes).length === 0) {
      setFeedback({ tone: 'info', text: 'No changes to save' });
      return;
    }
    setFeedback(null);
    update.mutate(changes, {
      onSuccess: onSaved,
      onError: () => setFeedback({ tone: 'error', text: 'Failed to update profile' }),
    });
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FullNameField value={draft.name} onChange={(name) => setDraft({ ...draft, name })} />
        <FormField
          label="Phone Number"
          type="tel"
          autoComplete="tel"
          maxLength={PHONE_MAX_LENGTH}
          value={draft.phone_number}
          onChange={(event) => setDraft({ ...draft, phone_number: event.target.value })}
        />
      </div>
      {feedback && <Banner tone={feedback.tone}>{feedback.text}</Banner>}
      <FormActions
        onCancel={onCancel}
        submitLabel="Save"
        pendingLabel="Saving..."
        pending={update.isPending}
      />
    </form>
  );
}
