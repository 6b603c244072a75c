import { useState, type FormEvent } from 'react';
import { Banner } from '../../../components/ui/banner.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useForgotPassword } from '../api/forgot-password.ts';

interface RequestResetCodeFormProps {
  initialEmail: string;
  onCancel: () => void;
  /** `message` is the server's reply, the same whether or not the address has an account. */
  onSent: (email: string, message: string) => void;
}

export function RequestResetCodeForm({ initialEmail, onCancel, onSent }: RequestResetCodeFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const request = useForgotPassword();

  function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    request.mutate({ email: address }, { onSuccess: ({ message }) => onSent(address, message) });
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <p className="text-sm text-slate-600">
        Enter the email address of your account and we will send you a 6-digit code to set a new password.
      </p>
      <FormField
        label="Email Address"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      {request.isError && (
        <Banner tone="error">{messageOf(request.error, 'Failed to send the code.')}</Banner>
      )}
      <FormActions
        onCancel={onCancel}
        submitLabel="Send Code"
        pendingLabel="Sending..."
        pending={request.isPending}
      />
    </form>
  );
}
