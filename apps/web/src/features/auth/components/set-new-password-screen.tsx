import { useState, type FormEvent } from 'react';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CenteredCard } from '../../../components/ui/centered-card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { useAuth } from '../auth-context.ts';
import { passwordPairError } from '../password-rules.ts';

/** Second step of a NEW_PASSWORD_REQUIRED login (accounts.md 2.6 and 4.1). */
export function SetNewPasswordScreen() {
  const { session, completeNewPassword } = useAuth();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = passwordPairError(password, confirmation) ?? (session ? null : 'No session available');
    setError(problem);
    if (problem) return;
    setIsSaving(true);
    try {
      await completeNewPassword(password);
    } catch {
      setError('Failed to change password.');
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
        <FormField
          label="New Password"
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <FormField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
        />
        {error && <Banner tone="error">{error}</Banner>}
        <Button type="submit" className="w-full" disabled={isSaving}>
          {isSaving ? 'Setting...' : 'Set Password'}
        </Button>
      </form>
    </CenteredCard>
  );
}
