import { BRAND } from '@hivqe/contract';
import { Suspense, useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CenteredCard } from '../../../components/ui/centered-card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { StatusMessage } from '../../../components/ui/status-message.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { lazyNamed } from '../../../lib/lazy-named.tsx';
import { rememberMappingId, storedMappingId } from '../../../lib/marketplace-mapping.ts';
import type { FlashMessage } from '../../../lib/use-flash-message.ts';
import { useAuth } from '../auth-context.ts';
import { isEmailNotConfirmed } from '../error-messages.ts';
import { readLoginRouteState } from '../login-route-state.ts';

// The dialogs and their Radix modal load when one opens: a visitor who only signs in never downloads them.
const SignUpDialog = lazyNamed(() => import('./sign-up-dialog.tsx'), 'SignUpDialog');
const ForgotPasswordDialog = lazyNamed(() => import('./forgot-password-dialog.tsx'), 'ForgotPasswordDialog');
const ConfirmEmailDialog = lazyNamed(() => import('./confirm-email-dialog.tsx'), 'ConfirmEmailDialog');

/** `password` is the one its user just typed, kept in this state only, for the confirmation to carry. */
type OpenDialog =
  | { kind: 'none' }
  | { kind: 'sign-up' }
  | { kind: 'forgot-password' }
  | { kind: 'confirm-email'; email: string; password: string; notice?: FlashMessage };

export function LoginScreen() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const handedOver = readLoginRouteState(location.state);
  const mappingId = searchParams.get('mapping_id');
  const isMarketplace = searchParams.get('source') === 'marketplace' || !!mappingId || !!storedMappingId();

  const [username, setUsername] = useState(handedOver.email ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState(handedOver.message);
  const [isSigningIn, setIsSigningIn] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>(() =>
    searchParams.get('action') === 'signup' ? { kind: 'sign-up' } : { kind: 'none' },
  );

  useEffect(() => {
    if (mappingId) rememberMappingId(mappingId);
  }, [mappingId]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setIsSigningIn(true);
    const enteredUsername = username.trim();
    try {
      await login(enteredUsername, password);
      navigate('/', { replace: true });
    } catch (failure) {
      if (isEmailNotConfirmed(failure))
        setDialog({ kind: 'confirm-email', email: enteredUsername, password });
      else setError(messageOf(failure, 'Login failed.'));
    } finally {
      setIsSigningIn(false);
    }
  }

  const closeDialog = () => setDialog({ kind: 'none' });

  function returnAfterReset(email: string, message: string) {
    closeDialog();
    setUsername(email);
    setPassword('');
    setError(null);
    setNotice(message);
  }

  return (
    <CenteredCard>
      <div className="space-y-1 text-center">
        <p className="text-lg font-semibold text-slate-900">{BRAND.product}</p>
        <p className="text-sm font-medium text-accent-600">Welcome back</p>
        <h1 className="text-2xl font-semibold text-slate-900">Sign in to your account</h1>
        {isMarketplace && <Badge>Marketplace Login</Badge>}
      </div>
      {notice && <Banner tone="success">{notice}</Banner>}
      <form onSubmit={submit} className="space-y-4">
        <FormField
          label="Username"
          autoComplete="username"
          required
          // The screen is there to sign in: the first field takes the keyboard at once (issue 12 §4).
          autoFocus
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
        <FormField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {error && <Banner tone="error">{error}</Banner>}
        <Button type="submit" className="w-full" disabled={isSigningIn}>
          {isSigningIn ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
      <div className="flex flex-col items-center gap-2 text-sm">
        <Button variant="link" onClick={() => setDialog({ kind: 'forgot-password' })}>
          Forgot password?
        </Button>
        <Button variant="link" onClick={() => setDialog({ kind: 'sign-up' })}>
          Don&apos;t have an account? Sign up
        </Button>
      </div>
      {/* Its own boundary: the route's would replace the whole sign-in card while a dialog's chunk loads. */}
      <Suspense fallback={<StatusMessage>Loading...</StatusMessage>}>
        {dialog.kind === 'sign-up' && (
          <SignUpDialog
            isMarketplace={isMarketplace}
            onClose={closeDialog}
            onNeedsConfirmation={(email, password, notice) =>
              setDialog({ kind: 'confirm-email', email, password, notice })
            }
          />
        )}
        {dialog.kind === 'forgot-password' && (
          <ForgotPasswordDialog
            initialEmail={username.trim()}
            onClose={closeDialog}
            onReset={returnAfterReset}
          />
        )}
        {dialog.kind === 'confirm-email' && (
          <ConfirmEmailDialog
            email={dialog.email}
            password={dialog.password}
            notice={dialog.notice}
            onClose={closeDialog}
            onConfirmed={(email) => {
              setUsername(email);
              // A refusal from before the account was confirmed no longer says anything true.
              setError(null);
            }}
          />
        )}
      </Suspense>
    </CenteredCard>
  );
}
