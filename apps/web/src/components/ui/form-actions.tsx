import { Button } from './button.tsx';

interface FormActionsProps {
  /** Shown as 'Cancel' when given. */
  onCancel?: () => void;
  submitLabel: string;
  /** The submit button's label while the request is under way. */
  pendingLabel: string;
  pending: boolean;
  /** Disables the submit button besides while pending (an incomplete form). */
  disabled?: boolean;
  variant?: 'primary' | 'danger';
  className?: string;
}

/** A form's footer: Cancel, and the submit button that names what it is doing while the request runs. */
export function FormActions({
  onCancel,
  submitLabel,
  pendingLabel,
  pending,
  disabled = false,
  variant = 'primary',
  className = '',
}: FormActionsProps) {
  return (
    <div className={`flex justify-end gap-3 ${className}`.trim()}>
      {onCancel && (
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      )}
      <Button type="submit" variant={variant} disabled={disabled || pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </div>
  );
}
