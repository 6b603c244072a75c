import { AUTH_MESSAGES, RESET_LINK_TOKEN_PATTERN, RESET_PASSWORD_PATH } from '@hivqe/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CenteredCard } from '../../../components/ui/centered-card.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import type { LoginRouteState } from '../login-route-state.ts';
import { useResetPasswordWithLink } from '../api/reset-password-with-link.ts';
import { PasswordPairFields, usePasswordPair } from './password-pair-fields.tsx';

/**
 * The page a reset mail's link opens (issue 24, 3). The token is read once into memory and taken out of the
 * address bar at once, so it stays out of the history, bookmarks and anything shown or shared from the URL.
 */
export function ResetPasswordLinkPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [token] = useState(() => searchParams.get('token')?.trim() ?? '');
  useEffect(() => {
    if (searchParams.has('token')) navigate(RESET_PASSWORD_PATH, { replace: true });
  }, [searchParams, navigate]);
  return RESET_LINK_TOKEN_PATTERN.test(token) ? <NewPasswordForm token={token} /> : <InvalidResetLink />;
}

function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const { password, problem: pairProblem, fields } = usePasswordPair();
  const [error, setError] = useState<string | null>(null);
  const reset = useResetPasswordWithLink();

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(pairProblem);
    if (pairProblem) return;
    reset.mutate(
      { token, password },
      {
        onSuccess: ({ message }) =>
          navigate('/login', { replace: true, state: { message } satisfies LoginRouteState }),
        onError: (failure) => setError(messageOf(failure, 'Failed to reset password.')),
      },
    );
  }

  return (
    <CenteredCard>
      <div className="space-y-1 text-center">
        <h1 className="text-2xl font-semibold text-slate-900">Choose a new password</h1>
        <p className="text-sm text-slate-600">
          The link in your email works once. Your other sessions will be signed out.
        </p>
      </div>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <PasswordPairFields label="New Password" {...fields} />
        {error && <Banner tone="error">{error}</Banner>}
        <Button type="submit" className="w-full" disabled={reset.isPending}>
          {reset.isPending ? 'Setting...' : 'Set Password'}
        </Button>
      </form>
    </CenteredCard>
  );
}

function InvalidResetLink() {
  const navigate = useNavigate();
  return (
    <CenteredCard>
      <h1 className="text-center text-xl font-semibold text-slate-900">Invalid Link</h1>
      <Banner tone="error">{AUTH_MESSAGES.resetLinkInvalid}</Banner>
      <Button className="w-full" onClick={() => navigate('/login')}>
        Go to Login
      </Button>
    </CenteredCard>
  );
}
