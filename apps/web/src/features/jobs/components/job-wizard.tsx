import { useRef, useState, type ReactNode } from 'react';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { readableText } from '../../../lib/hangul.ts';
import { WizardStepIndicator, type WizardStepInfo } from './wizard-step-indicator.tsx';

export interface WizardStep extends WizardStepInfo {
  content: ReactNode;
}

interface JobWizardProps {
  title: string;
  steps: readonly WizardStep[];
  submitLabel: string;
  isSubmitting: boolean;
  /** False while the job cannot be created (no molecule). */
  canSubmit: boolean;
  error: string | null;
  onSubmit: () => void;
  onClose: () => void;
}

const INVALID_FIELDS = 'Please correct the highlighted fields before continuing.';

/**
 * The 5-step creation wizard of both paths (jobs.md 2.6, 2.10): Previous above step 1, Next below the last
 * step, the create button on it; Next stays on a step while one of its fields is invalid. Escape, × and
 * Cancel close it without creating anything.
 */
export function JobWizard(props: JobWizardProps) {
  const { title, submitLabel, isSubmitting, canSubmit, error, onSubmit, onClose } = props;
  const steps = props.steps.map((step) => ({ ...step, title: readableText(step.title, step.fallbackTitle) }));
  const [current, setCurrent] = useState(0);
  const [invalid, setInvalid] = useState(false);
  const body = useRef<HTMLDivElement>(null);
  const step = steps[current];
  const isLast = current === steps.length - 1;

  function next() {
    const field = body.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    setInvalid(field != null);
    if (field) {
      field.focus();
      return;
    }
    setCurrent(current + 1);
  }

  return (
    <Modal title={title} onClose={onClose} size="xl">
      <WizardStepIndicator steps={steps} current={current} />
      <div ref={body} className="space-y-4">
        <h3 className="text-base font-semibold text-slate-900">{step.title}</h3>
        {step.content}
      </div>
      {invalid && <Banner tone="error">{INVALID_FIELDS}</Banner>}
      {error && <Banner tone="error">{error}</Banner>}
      <div className="flex items-center justify-between border-t border-slate-200 pt-4">
        <div>
          {current > 0 && (
            <Button variant="secondary" onClick={() => setCurrent(current - 1)}>
              Previous
            </Button>
          )}
        </div>
        <div className="flex gap-3">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          {isLast ? (
            <Button onClick={onSubmit} disabled={isSubmitting || !canSubmit}>
              {isSubmitting ? 'Creating...' : submitLabel}
            </Button>
          ) : (
            <Button onClick={next}>Next</Button>
          )}
        </div>
      </div>
    </Modal>
  );
}
