import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState, type ReactNode } from 'react';

const SIZES = {
  md: 'max-w-md',
  lg: 'max-w-3xl max-h-[90vh] overflow-y-auto',
  xl: 'max-w-5xl max-h-[90vh] overflow-y-auto',
} as const;

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** What the dialog asks or tells, announced after its title. */
  description?: ReactNode;
  /** Wider dialogs (forms, job details) scroll inside the viewport. */
  size?: keyof typeof SIZES;
  /**
   * Where the keyboard starts: a form's first field (the default), or the title for a view whose first control
   * sits far down (the job monitor, issue 30): the dialog opens at its top and Tab goes on from there.
   */
  initialFocus?: 'first-control' | 'title';
}

/**
 * A modal dialog (WAI-ARIA dialog pattern, by Radix): named by its title, focus moves in and stays there,
 * Escape and the × close it, the page behind is hidden from assistive technology, and focus goes back to
 * whatever had it when the dialog opened.
 */
export function Modal(props: ModalProps) {
  const { title, onClose, children, description, size = 'md', initialFocus = 'first-control' } = props;
  // Callers mount the dialog already open rather than through a Radix trigger, so Radix has no element to
  // give focus back to: remember the opener while it still has focus, before the dialog takes it.
  const [opener] = useState(() => document.activeElement);
  const titleElement = useRef<HTMLHeadingElement>(null);

  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Dialog.Portal>
        {/* Not Dialog.Overlay: its scroll lock injects a <style> element, which the CSP (style-src 'self') refuses. */}
        <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4">
          <Dialog.Content
            aria-modal="true"
            className={`relative w-full rounded-xl bg-white shadow-xl ${SIZES[size]}`}
            // A click beside a half-filled form must not throw it away: Escape and the × close deliberately.
            onPointerDownOutside={(event) => event.preventDefault()}
            onOpenAutoFocus={(event) => {
              if (initialFocus !== 'title') return;
              event.preventDefault();
              titleElement.current?.focus();
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              if (opener instanceof HTMLElement) opener.focus();
            }}
          >
            <Dialog.Title
              ref={titleElement}
              tabIndex={initialFocus === 'title' ? -1 : undefined}
              className="border-b border-slate-200 py-4 pr-12 pl-6 text-lg font-semibold text-slate-900 focus:outline-none"
            >
              {title}
            </Dialog.Title>
            <div className="space-y-4 px-6 py-5">
              {description && (
                <Dialog.Description asChild>
                  <div className="text-sm text-slate-700">{description}</div>
                </Dialog.Description>
              )}
              {children}
            </div>
            {/* Last in the tab order so the first field (or Cancel) takes focus on open; shown top right. */}
            <Dialog.Close
              aria-label="Close"
              className="absolute top-4 right-6 text-xl leading-none text-slate-400 hover:text-slate-600"
            >
              ×
            </Dialog.Close>
          </Dialog.Content>
        </div>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
