import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CenteredCard } from '../../../components/ui/centered-card.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import { FullNameField } from '../../account/components/full-name-field.tsx';
import { PasswordPairFields, usePasswordPair } from '../../auth/components/password-pair-fields.tsx';

interface AcceptInvitationFormProps {
  token: string;
  /** The account exists now; `email` is the one to sign in with. */
  onAccepted: (email: string, password: string) => void;
}

/** accounts.md section 5, with the one password rule every screen shares (issue 10, section 5). */
function validationError(token: string, name: string, passwordProblem: string | null): string | null {
  if (!token.trim()) return 'Invalid invitation token';
  if (!name.trim()) return 'Name is required';
  return passwordProblem;
}

/** The invitation's e-mail is in the token before ':'; the server's answer is preferred. */
const emailInToken = (token: string) => token.split(':')[0];

export function AcceptInvitationForm({ token, onAccepted }: AcceptInvitationFormProps) {
  const [name, setName] = useState('');
  const { password, problem: pairProblem, fields } = usePasswordPair();
  const [invalid, setInvalid] = useState<string | null>(null);
  const acceptance = useAcceptInvitation();

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validationError(token, name, pairProblem);
    setInvalid(problem);
    if (problem) return;
    acceptance.mutate(
      { token: token.trim(), name: name.trim(), password },
      { onSuccess: ({ email }) => onAccepted(email || emailInToken(token.trim()), password) },
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
        <FullNameField value={name} onChange={setName} />
        <PasswordPairFields label="Password" {...fields} />
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
