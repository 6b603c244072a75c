import * as RadixTooltip from '@radix-ui/react-tooltip';
import type { ReactElement, ReactNode } from 'react';

/** Tooltips share one provider so moving between them shows the next at once. */
export const TooltipProvider = ({ children }: { children: ReactNode }) => (
  <RadixTooltip.Provider delayDuration={300}>{children}</RadixTooltip.Provider>
);

interface TooltipProps {
  content: ReactNode;
  /** One element, which receives the trigger's props. */
  children: ReactElement;
  /** Open from the start: for a tooltip mounted only once its trigger is hovered. */
  defaultOpen?: boolean;
}

/**
 * `content` shown on hover, and on focus when `children` can take focus. Radix: Escape closes it, and the content
 * describes the trigger to assistive technology.
 */
export function Tooltip({ content, children, defaultOpen }: TooltipProps) {
  return (
    <RadixTooltip.Root defaultOpen={defaultOpen}>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content
          sideOffset={4}
          className="z-50 max-w-md rounded-md bg-slate-900 px-2 py-1 text-xs break-all whitespace-pre-line text-white shadow"
        >
          {content}
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}
