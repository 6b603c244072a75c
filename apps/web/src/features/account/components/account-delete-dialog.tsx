import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useAuth } from '../../auth/auth-context.ts';
import type { LoginRouteState } from '../../auth/login-route-state.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { messageOf } from '../../../lib/api-error.ts';

const CONFIRMATION_WORD = 'DELETE';

export function AccountDeleteDialog({ onClose }: { onClose: () => void }) {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const [confirmation, setConfirmation] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const deletion = useDeleteAccount();

  function validationError(): string | null {
    if (confirmation !== CONFIRMATION_WORD) return 'Please type DELETE to confirm account deletion';
    if (!password) return 'Please enter your password to confirm';
    if (!user?.user_id) return 'User information not available';
    return null;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validationError();
    setError(problem);
    if (problem || !user) return;
    try {
      await deletion.mutateAsync({ email: user.user_id, password });
    } catch (failure) {
      // The spec's words first, then the server's reason (a wrong password, or a 429 saying how long to wait).
      const reason = messageOf(failure, '');
      setError(reason ? `Failed to delete account. ${reason}` : 'Failed to delete account');
      return;
    }
    await logout();
    const state: LoginRouteState = { message: 'Your account has been deleted successfully.' };
    navigate('/login', { replace: true, state });
  }

  return (
    <Modal title="Confirm Account Deletion" onClose={onClose}>
      <p className="text-sm text-slate-600">
        Your account, profile and sign-in history will be removed permanently. Type {CONFIRMATION_WORD} and
        enter your password to continue.
      </p>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <FormField
          label={`Type ${CONFIRMATION_WORD} to confirm`}
          autoComplete="off"
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
        />
        <FormField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {error && <Banner tone="error">{error}</Banner>}
        <FormActions
          onCancel={onClose}
          submitLabel="Delete My Account"
          pendingLabel="Deleting..."
          pending={deletion.isPending}
          variant="danger"
        />
      </form>
    </Modal>
  );
}
