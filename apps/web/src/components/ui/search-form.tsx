import { useId, useState, type FormEvent } from 'react';
import { Button } from './button.tsx';
import { CONTROL_CLASS } from './field-styles.ts';

interface SearchFormProps {
  /** The accessible name of the search box. */
  label: string;
  placeholder?: string;
  onSearch: (text: string) => void;
}

/** A search box that searches when the user presses Enter or Search, not on every keystroke. */
export function SearchForm({ label, placeholder, onSearch }: SearchFormProps) {
  const inputId = useId();
  const [text, setText] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(text.trim());
  }

  return (
    <form role="search" aria-label={label} onSubmit={submit} className="flex gap-2">
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <input
        id={inputId}
        type="search"
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className={CONTROL_CLASS}
      />
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </form>
  );
}
