import { useState, type FormEvent } from 'react';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CenteredCard } from '../../../components/ui/centered-card.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useAuth } from '../auth-context.ts';
import { PasswordPairFields, usePasswordPair } from './password-pair-fields.tsx';

/** Second step of a NEW_PASSWORD_REQUIRED login (accounts.md 2.6 and 4.1). */
export function SetNewPasswordScreen() {
  const { session, completeNewPassword } = useAuth();
  const { password, problem: pairProblem, fields } = usePasswordPair();
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = pairProblem ?? (session ? null : 'No session available');
    setError(problem);
    if (problem) return;
    setIsSaving(true);
    try {
      await completeNewPassword(password);
    } catch (failure) {
      // The server's refusal (a common password, the initial one again) is the user's next step, word for word.
      setError(messageOf(failure, 'Failed to change password.'));
      setIsSaving(false);
    }
  }

  return (
    <CenteredCard>
      <div className="space-y-1 text-center">
        <h1 className="text-2xl font-semibold text-slate-900">Set New Password</h1>
        <p className="text-sm text-slate-600">This is your first login. Please set a new password.</p>
      </div>
      <form onSubmit={submit} className="space-y-4">
        <PasswordPairFields label="New Password" {...fields} />
        {error && <Banner tone="error">{error}</Banner>}
        <Button type="submit" className="w-full" disabled={isSaving}>
          {isSaving ? 'Setting...' : 'Set Password'}
        </Button>
      </form>
    </CenteredCard>
  );
}
