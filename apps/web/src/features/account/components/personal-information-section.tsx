import { useState } from 'react';
import type { ProfileResponse } from '@hivqe/contract';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { ProfileDetails } from './profile-details.tsx';
import { ProfileForm } from './profile-form.tsx';

/** `profile` is absent when it failed to load. */
export function PersonalInformationSection({ profile }: { profile: ProfileResponse | undefined }) {
  const [isEditing, setIsEditing] = useState(false);
  const { message, flash } = useFlashMessage();

  const editButton = profile && !isEditing && (
    <Button variant="secondary" onClick={() => setIsEditing(true)}>
      Edit
    </Button>
  );

  return (
    <Panel title="Personal Information" actions={editButton}>
      {!profile && <Banner tone="error">Failed to load profile</Banner>}
      {message && <Banner tone={message.tone}>{message.text}</Banner>}
      {profile && isEditing && (
        <ProfileForm
          profile={profile}
          onCancel={() => setIsEditing(false)}
          onSaved={() => {
            setIsEditing(false);
            flash('success', 'Profile updated successfully');
          }}
        />
      )}
      {profile && !isEditing && <ProfileDetails profile={profile} />}
    </Panel>
  );
}
