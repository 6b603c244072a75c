export interface WizardStepInfo {
  title: string;
  description: string;
}

/** The numbered progress of a wizard; the current step is marked for assistive technology. */
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
            className="flex items-start gap-2 text-xs"
          >
            <span
              className={`flex h-6 w-6 shrink-0 items-center justify-center rounded-full font-semibold ${
                index <= current ? 'bg-accent-600 text-white' : 'bg-slate-200 text-slate-600'
              }`}
            >
              {index + 1}
            </span>
            <span className="space-y-0.5">
              <span className="block font-medium text-slate-800">{step.title}</span>
              <span className="block text-slate-500">{step.description}</span>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
