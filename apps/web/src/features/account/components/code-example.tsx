import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';

interface CodeExampleProps {
  title: string;
  /** Names the block and its Copy button for assistive technology, and the copied text in the flash. */
  name: string;
  lines: string[];
  onCopy: (label: string, text: string) => void;
  children?: ReactNode;
}

/** Lines to paste into a shell or a notebook, with a button that copies them all. */
export function CodeExample({ title, name, lines, onCopy, children }: CodeExampleProps) {
  const text = lines.join('\n');
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between">
        <h3 className="text-sm font-medium text-slate-700">{title}</h3>
        <Button variant="link" aria-label={`Copy ${name}`} onClick={() => onCopy(name, text)}>
          Copy
        </Button>
      </div>
      {/* A keyboard stop: on a narrow screen the lines scroll sideways (axe 'scrollable-region-focusable'). */}
      <pre
        aria-label={name}
        tabIndex={0}
        className="overflow-x-auto rounded-md bg-slate-900 px-4 py-3 font-mono text-xs text-slate-100 focus-visible:outline-2 focus-visible:outline-accent-500"
      >
        {text}
      </pre>
      {children}
    </div>
  );
}
