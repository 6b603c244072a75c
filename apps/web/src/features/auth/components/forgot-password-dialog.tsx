import { useState } from 'react';
import { Modal } from '../../../components/ui/modal.tsx';
import type { FlashMessage } from '../../../lib/use-flash-message.ts';
import { RequestResetCodeForm } from './request-reset-code-form.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';

interface ForgotPasswordDialogProps {
  /** What the login form's Username holds, as a start for the e-mail. */
  initialEmail: string;
  onClose: () => void;
  /** The password is reset: back to sign-in with this e-mail and the server's message. */
  onReset: (email: string, message: string) => void;
}

/** Two steps: the e-mail receives a code, then the code and a new password (issue 10, section 2). */
export function ForgotPasswordDialog({ initialEmail, onClose, onReset }: ForgotPasswordDialogProps) {
  const [codeSent, setCodeSent] = useState<{ email: string; notice: FlashMessage } | null>(null);
  return (
    <Modal title="Reset your password" onClose={onClose}>
      {codeSent ? (
        <ResetPasswordForm email={codeSent.email} notice={codeSent.notice} onReset={onReset} />
      ) : (
        <RequestResetCodeForm
          initialEmail={initialEmail}
          onCancel={onClose}
          onSent={(email, message) => setCodeSent({ email, notice: { tone: 'success', text: message } })}
        />
      )}
    </Modal>
  );
}
