import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { AUTH_MESSAGES } from '@hivqe/contract';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import type { FlashMessage } from '../../../lib/use-flash-message.ts';
import { useConfirmEmail } from '../api/confirm-email.ts';
import { useResendConfirmation } from '../api/resend-confirmation.ts';
import { isCompleteCode } from '../password-rules.ts';
import { ConfirmationCodeField } from './confirmation-code-field.tsx';

/** accounts.md section 9: the dialog lets the success message be read, then gets out of the way. */
export const CONFIRMED_DIALOG_CLOSE_MS = 3000;

interface ConfirmEmailDialogProps {
  email: string;
  /**
   * The password its user chose a moment before (sign-up, or the login that found the e-mail unconfirmed),
   * held in memory only: the code proves control of the mailbox, so confirming sets this password.
   */
  password: string;
  /** What led here, e.g. the registration result. */
  notice?: FlashMessage;
  onClose: () => void;
  onConfirmed: (email: string) => void;
}

export function ConfirmEmailDialog({
  email,
  password,
  notice,
  onClose,
  onConfirmed,
}: ConfirmEmailDialogProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [resendReply, setResendReply] = useState<FlashMessage | null>(null);
  const confirm = useConfirmEmail();
  const resend = useResendConfirmation();
  const closeLater = useEffectEvent(onClose);

  useEffect(() => {
    if (!confirm.isSuccess) return;
    const timer = setTimeout(closeLater, CONFIRMED_DIALOG_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [confirm.isSuccess]);

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!isCompleteCode(code)) {
      setError(AUTH_MESSAGES.codeFormat);
      return;
    }
    confirm.mutate(
      { username: email, confirmation_code: code, password },
      {
        onSuccess: () => onConfirmed(email),
        onError: (failure) => setError(messageOf(failure, 'Email confirmation failed.')),
      },
    );
  }

  function resendCode() {
    setResendReply(null);
    resend.mutate(
      { username: email },
      {
        onSuccess: (reply) => setResendReply({ tone: 'success', text: reply.message }),
        onError: () => setResendReply({ tone: 'error', text: 'Failed to resend confirmation code.' }),
      },
    );
  }

  const confirmLabel = confirm.isPending
    ? 'Confirming...'
    : confirm.isSuccess
      ? 'Email Confirmed!'
      : 'Confirm Email';

  return (
    <Modal title="Confirm your email" onClose={onClose}>
      {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
      <p className="text-sm text-slate-600">
        We sent a 6-digit code to <strong className="text-slate-900">{email}</strong>.
      </p>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <ConfirmationCodeField value={code} onChange={setCode} disabled={confirm.isSuccess} />
        {error && <Banner tone="error">{error}</Banner>}
        {confirm.isSuccess && (
          <Banner tone="success">Email verification successful! You can now sign in to your account.</Banner>
        )}
        <Button
          type="submit"
          className="w-full"
          disabled={!isCompleteCode(code) || confirm.isPending || confirm.isSuccess}
        >
          {confirmLabel}
        </Button>
      </form>
      {resendReply && <Banner tone={resendReply.tone}>{resendReply.text}</Banner>}
      <div className="flex flex-col items-center gap-2 text-sm">
        <Button variant="link" onClick={resendCode} disabled={resend.isPending || confirm.isSuccess}>
          {resend.isPending ? 'Sending...' : "Didn't receive the code? Resend"}
        </Button>
        <Button variant="link" onClick={onClose}>
          Already confirmed? Sign in
        </Button>
      </div>
    </Modal>
  );
}
