import { useId, type TextareaHTMLAttributes } from 'react';
import { CONTROL_CLASS } from './field-styles.ts';

interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
}

export function TextareaField({ label, id, className = '', ...textarea }: TextareaFieldProps) {
  const generatedId = useId();
  const textareaId = id ?? generatedId;
  return (
    <div className={`space-y-1 ${className}`}>
      <label htmlFor={textareaId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea id={textareaId} className={CONTROL_CLASS} {...textarea} />
    </div>
  );
}
