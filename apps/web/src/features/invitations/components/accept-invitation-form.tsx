import { PASSWORD_MIN_LENGTH } from '@hivqe/contract';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CenteredCard } from '../../../components/ui/centered-card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import { FullNameField } from '../../account/components/full-name-field.tsx';

interface AcceptInvitationFormProps {
  token: string;
  /** The account exists now; `email` is the one to sign in with. */
  onAccepted: (email: string, password: string) => void;
}

interface Draft {
  name: string;
  password: string;
  confirmation: string;
}

/** accounts.md section 5; the hint's character classes are advice the client does not check. */
function validationError(token: string, { name, password, confirmation }: Draft): string | null {
  if (!token.trim()) return 'Invalid invitation token';
  if (!name.trim()) return 'Name is required';
  if (password.length < PASSWORD_MIN_LENGTH) return 'Password must be at least 8 characters long';
  if (password !== confirmation) return 'Passwords do not match';
  return null;
}

/** The invitation's e-mail is in the token before ':'; the server's answer is preferred. */
const emailInToken = (token: string) => token.split(':')[0];

export function AcceptInvitationForm({ token, onAccepted }: AcceptInvitationFormProps) {
  const [draft, setDraft] = useState<Draft>({ name: '', password: '', confirmation: '' });
  const [invalid, setInvalid] = useState<string | null>(null);
  const acceptance = useAcceptInvitation();

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validationError(token, draft);
    setInvalid(problem);
    if (problem) return;
    acceptance.mutate(
      { token: token.trim(), name: draft.name.trim(), password: draft.password },
      { onSuccess: ({ email }) => onAccepted(email || emailInToken(token.trim()), draft.password) },
    );
  }

  const error =
    invalid ??
    (acceptance.isError
      ? messageOf(acceptance.error, 'Failed to accept invitation. Please try again.')
      : null);

  return (
    <CenteredCard>
      <h1 className="text-center text-xl font-semibold text-slate-900">Accept Invitation</h1>
      <form onSubmit={submit} noValidate className="space-y-4">
        <FullNameField value={draft.name} onChange={(name) => setDraft({ ...draft, name })} />
        <FormField
          label="Password"
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          hint="Minimum 8 characters with uppercase, lowercase, number, and special character"
          value={draft.password}
          onChange={(event) => setDraft({ ...draft, password: event.target.value })}
        />
        <FormField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          value={draft.confirmation}
          onChange={(event) => setDraft({ ...draft, confirmation: event.target.value })}
        />
        {error && <Banner tone="error">{error}</Banner>}
        <Button type="submit" className="w-full" disabled={acceptance.isPending}>
          {acceptance.isPending ? 'Creating Account...' : 'Accept Invitation'}
        </Button>
      </form>
      <p className="text-center text-sm">
        <Link to="/login" className="font-medium text-accent-600 hover:underline">
          Already have an account? Sign in
        </Link>
      </p>
    </CenteredCard>
  );
}
