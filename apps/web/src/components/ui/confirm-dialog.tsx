import type { ReactNode } from 'react';
import { Banner } from './banner.tsx';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';

interface ConfirmDialogProps {
  title: string;
  /** The question asked, or the news told. */
  children: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the confirmed action runs. */
  pendingLabel?: string;
  isPending?: boolean;
  tone?: 'primary' | 'danger';
  /** Why the confirmed action failed; the dialog stays open so the user can retry or cancel. */
  error?: string | null;
  onConfirm: () => void;
  /** Without it the dialog only informs: one button, and the × or Escape also acknowledge. */
  onCancel?: () => void;
}

/** The in-app replacement for window.confirm and window.alert, so every question is part of the page. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  pendingLabel,
  isPending = false,
  tone = 'primary',
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal title={title} onClose={onCancel ?? onConfirm}>
      <div className="text-sm text-slate-700">{children}</div>
      {error && <Banner tone="error">{error}</Banner>}
      <div className="flex justify-end gap-3">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button variant={tone} disabled={isPending} onClick={onConfirm}>
          {isPending && pendingLabel ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
