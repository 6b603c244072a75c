import { INVITE_MESSAGES, type InvitationLookup } from '@hivqe/contract';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CenteredCard } from '../../../components/ui/centered-card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import { FullNameField } from '../../account/components/full-name-field.tsx';
import { PasswordPairFields, usePasswordPair } from '../../auth/components/password-pair-fields.tsx';
import { invitationRoleLabel } from '../invitation-labels.ts';

interface AcceptInvitationFormProps {
  token: string;
  invitation: InvitationLookup;
  /** The invitation is accepted; `email` is the one to sign in with. */
  onAccepted: (email: string, password: string) => void;
}

function validationError(
  existing: boolean,
  name: string,
  ownPassword: string,
  pairProblem: string | null,
): string | null {
  if (existing) return ownPassword ? null : 'Please enter your password';
  if (!name.trim()) return INVITE_MESSAGES.nameRequired;
  return pairProblem;
}

/**
 * A new account gives a name and a password typed twice (accounts.md section 5, with the one password rule
 * every screen shares); an existing account gives only its password.
 */
export function AcceptInvitationForm({ token, invitation, onAccepted }: AcceptInvitationFormProps) {
  const [name, setName] = useState('');
  const [ownPassword, setOwnPassword] = useState('');
  const pair = usePasswordPair();
  const [invalid, setInvalid] = useState<string | null>(null);
  const acceptance = useAcceptInvitation();
  const existing = invitation.account_exists;

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validationError(existing, name, ownPassword, pair.problem);
    setInvalid(problem);
    if (problem) return;
    const password = existing ? ownPassword : pair.password;
    acceptance.mutate(
      { token, password, ...(existing ? {} : { name: name.trim() }) },
      { onSuccess: ({ email }) => onAccepted(email || invitation.email, password) },
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
      <InvitationSummary invitation={invitation} />
      <form onSubmit={submit} noValidate className="space-y-4">
        {existing ? (
          <FormField
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            value={ownPassword}
            onChange={(event) => setOwnPassword(event.target.value)}
          />
        ) : (
          <>
            <FullNameField value={name} onChange={setName} />
            <PasswordPairFields label="Password" {...pair.fields} />
          </>
        )}
        {error && <Banner tone="error">{error}</Banner>}
        <Button type="submit" className="w-full" disabled={acceptance.isPending}>
          {acceptance.isPending ? (existing ? 'Accepting...' : 'Creating Account...') : 'Accept Invitation'}
        </Button>
      </form>
      {!existing && (
        <p className="text-center text-sm">
          <Link to="/login" className="font-medium text-accent-600 hover:underline">
            Already have an account? Sign in
          </Link>
        </p>
      )}
    </CenteredCard>
  );
}

/** Which organization and e-mail address the invitation is for, and what the form will ask. */
function InvitationSummary({ invitation }: { invitation: InvitationLookup }) {
  const role = invitationRoleLabel(invitation.role);
  return (
    <div className="space-y-1 text-center text-sm text-slate-600">
      <p>
        {invitation.org_name ? (
          <>
            You are invited to join <strong className="text-slate-900">{invitation.org_name}</strong> as{' '}
            {role}.
          </>
        ) : (
          <>You are invited to join as {role}.</>
        )}
      </p>
      <p>
        Invitation for <strong className="text-slate-900">{invitation.email}</strong>
      </p>
      <p>
        {invitation.account_exists
          ? 'An account already exists for this address: enter its password to accept.'
          : 'Choose your name and a password to create your account.'}
      </p>
    </div>
  );
}
