import { useState, type FormEvent } from 'react';
import { Banner } from '../../../components/ui/banner.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { PasswordPairFields, usePasswordPair } from '../../auth/components/password-pair-fields.tsx';
import { useChangePassword } from '../api/change-password.ts';

/** Changing the password signs out the account's other sessions (issue 10, section 2). */
export function PasswordSection() {
  const [currentPassword, setCurrentPassword] = useState('');
  const pair = usePasswordPair();
  const [error, setError] = useState<string | null>(null);
  const { message, flash } = useFlashMessage();
  const change = useChangePassword();

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = currentPassword ? pair.problem : 'Please enter your current password';
    setError(problem);
    if (problem) return;
    change.mutate(
      { current_password: currentPassword, new_password: pair.password },
      {
        onSuccess: (reply) => {
          setCurrentPassword('');
          pair.clear();
          flash('success', reply.message);
        },
        onError: (failure) => setError(messageOf(failure, 'Failed to change password.')),
      },
    );
  }

  return (
    <Panel
      title="Password"
      description="Changing your password signs you out on every other browser and device."
    >
      {message && <Banner tone={message.tone}>{message.text}</Banner>}
      <form onSubmit={submit} className="space-y-4" noValidate>
        <FormField
          label="Current Password"
          type="password"
          autoComplete="current-password"
          required
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
        />
        <PasswordPairFields label="New Password" {...pair.fields} />
        {error && <Banner tone="error">{error}</Banner>}
        <FormActions submitLabel="Change Password" pendingLabel="Changing..." pending={change.isPending} />
      </form>
    </Panel>
  );
}
