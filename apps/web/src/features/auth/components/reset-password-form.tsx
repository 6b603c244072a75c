import { useState, type FormEvent } from 'react';
import { AUTH_MESSAGES } from '@hivqe/contract';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import type { FlashMessage } from '../../../lib/use-flash-message.ts';
import { useConfirmForgotPassword } from '../api/confirm-forgot-password.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { isCompleteCode } from '../password-rules.ts';
import { ConfirmationCodeField } from './confirmation-code-field.tsx';
import { PasswordPairFields, usePasswordPair } from './password-pair-fields.tsx';

interface ResetPasswordFormProps {
  email: string;
  /** The reply to the code request, or to the latest resend. */
  notice: FlashMessage;
  onReset: (email: string, message: string) => void;
}

export function ResetPasswordForm({ email, notice: sentNotice, onReset }: ResetPasswordFormProps) {
  const [code, setCode] = useState('');
  const { password, problem: pairProblem, fields } = usePasswordPair();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState(sentNotice);
  const reset = useConfirmForgotPassword();
  const resend = useForgotPassword();

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = isCompleteCode(code) ? pairProblem : AUTH_MESSAGES.codeFormat;
    setError(problem);
    if (problem) return;
    reset.mutate(
      { email, code, password },
      {
        onSuccess: ({ message }) => onReset(email, message),
        onError: (failure) => setError(messageOf(failure, 'Failed to reset password.')),
      },
    );
  }

  function resendCode() {
    resend.mutate(
      { email },
      {
        onSuccess: ({ message }) => setNotice({ tone: 'success', text: message }),
        onError: (failure) =>
          setNotice({ tone: 'error', text: messageOf(failure, 'Failed to resend the code.') }),
      },
    );
  }

  return (
    <>
      <Banner tone={notice.tone}>{notice.text}</Banner>
      <p className="text-sm text-slate-600">
        Enter the 6-digit code sent to <strong className="text-slate-900">{email}</strong> and choose a new
        password.
      </p>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <ConfirmationCodeField value={code} onChange={setCode} />
        <PasswordPairFields label="New Password" {...fields} />
        {error && <Banner tone="error">{error}</Banner>}
        <Button type="submit" className="w-full" disabled={!isCompleteCode(code) || reset.isPending}>
          {reset.isPending ? 'Resetting...' : 'Reset Password'}
        </Button>
      </form>
      <div className="text-center text-sm">
        <Button variant="link" onClick={resendCode} disabled={resend.isPending}>
          {resend.isPending ? 'Sending...' : "Didn't receive the code? Resend"}
        </Button>
      </div>
    </>
  );
}
