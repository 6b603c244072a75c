import { useEffect, useId, type ReactNode } from 'react';

const SIZES = {
  md: 'max-w-md',
  lg: 'max-w-3xl max-h-[90vh] overflow-y-auto',
  xl: 'max-w-5xl max-h-[90vh] overflow-y-auto',
} as const;

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Wider dialogs (forms, job details) scroll inside the viewport. */
  size?: keyof typeof SIZES;
}

/** A dialog over the page, named by its title; Escape and the × close it. */
export function Modal({ title, onClose, children, size = 'md' }: ModalProps) {
  const titleId = useId();

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={`w-full rounded-xl bg-white shadow-xl ${SIZES[size]}`}
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-6 py-4">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <button
            type="button"
            aria-label="Close"
            onClick={onClose}
            className="text-xl leading-none text-slate-400 hover:text-slate-600"
          >
            ×
          </button>
        </div>
        <div className="space-y-4 px-6 py-5">{children}</div>
      </div>
    </div>
  );
}
