export interface WizardStepInfo {
  title: string;
  description: string;
  /** The title in English, shown instead where no font can draw the title's script (issue 30: Korean). */
  fallbackTitle?: string;
}

/**
 * The numbered progress of a wizard; the current step is marked for assistive technology. Below `sm` only the
 * numbers are drawn (five labels do not fit 360 px side by side); the labels stay for screen readers, and the
 * step's own heading names it.
 */
export function WizardStepIndicator({
  steps,
  current,
}: {
  steps: readonly WizardStepInfo[];
  current: number;
}) {
  return (
    <div className="space-y-2">
      <p className="text-xs font-medium text-slate-500">
        Step {current + 1} of {steps.length}
      </p>
      <ol aria-label="Progress" className="grid grid-cols-5 gap-2">
        {steps.map((step, index) => (
          <li
            key={step.title}
            aria-current={index === current ? 'step' : undefined}
            className="flex min-w-0 items-start gap-2 text-xs"
          >
            <span
              className={`flex h-6 w-6 shrink-0 items-center justify-center rounded-full font-semibold ${
                index <= current ? 'bg-accent-600 text-white' : 'bg-slate-200 text-slate-600'
              }`}
            >
              {index + 1}
            </span>
            <span className="sr-only min-w-0 space-y-0.5 break-words sm:not-sr-only">
              <span className="block font-medium text-slate-800">{step.title}</span>
              <span className="block text-slate-500">{step.description}</span>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
