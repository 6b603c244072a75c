import { useState, type FormEvent } from 'react';
import { BRAND } from '@hivqe/contract';
import { Badge } from '../../../components/ui/badge.tsx';
import { Banner } from '../../../components/ui/banner.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import type { FlashMessage } from '../../../lib/use-flash-message.ts';
import { useRegister } from '../api/register.ts';
import { REGISTRATION_SUCCESS, registrationFailure } from '../error-messages.ts';
import { PasswordPairFields, usePasswordPair } from './password-pair-fields.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';

interface SignUpDialogProps {
  isMarketplace: boolean;
  onClose: () => void;
  /**
   * The account now waits for its e-mail code; `notice` says why. `password` is the one just chosen, which the
   * confirmation carries (only the code's holder may set it), so it stays in memory, never in storage.
   */
  onNeedsConfirmation: (email: string, password: string, notice: FlashMessage) => void;
}

export function SignUpDialog({ isMarketplace, onClose, onNeedsConfirmation }: SignUpDialogProps) {
  const [email, setEmail] = useState('');
  const { password, problem: pairProblem, fields } = usePasswordPair();
  const [error, setError] = useState<string | null>(null);
  const register = useRegister();

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(pairProblem);
    if (pairProblem) return;
    const address = email.trim();
    register.mutate(
      { username: address, email: address, password },
      {
        onSuccess: () =>
          onNeedsConfirmation(address, password, { tone: 'success', text: REGISTRATION_SUCCESS }),
        onError: (failure) => {
          const { message, needsConfirmation } = registrationFailure(failure);
          if (needsConfirmation) onNeedsConfirmation(address, password, { tone: 'info', text: message });
          else setError(message);
        },
      },
    );
  }

  return (
    <Modal title="Create your account" onClose={onClose}>
      {isMarketplace && <Badge>Marketplace Signup</Badge>}
      <Banner tone="info">
        Users who completed a SaaS subscription through the {BRAND.cloud} marketplace should sign up with the
        same email address, and the subscription will be automatically linked.
      </Banner>
      <form onSubmit={submit} className="space-y-4">
        <FormField
          label="Email Address"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <PasswordPairFields label="Password" {...fields} />
        {error && <Banner tone="error">{error}</Banner>}
        <FormActions
          onCancel={onClose}
          submitLabel="Create Account"
          pendingLabel="Creating Account..."
          pending={register.isPending}
        />
      </form>
    </Modal>
  );
}
