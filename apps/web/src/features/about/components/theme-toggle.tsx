import { useTheme, type Theme } from '../../../lib/theme.tsx';

const THEMES: { value: Theme; label: string }[] = [
  { value: 'colorful', label: 'Colorful' },
  { value: 'monochrome', label: 'Monochrome' },
];

export function ThemeToggle() {
  const { theme, setTheme } = useTheme();
  return (
    <div
      role="group"
      aria-label="Theme"
      className="inline-flex rounded-md border border-slate-300 bg-white p-0.5"
    >
      {THEMES.map(({ value, label }) => (
        <button
          key={value}
          type="button"
          aria-pressed={theme === value}
          onClick={() => setTheme(value)}
          className={`rounded px-3 py-1 text-sm font-medium ${
            theme === value ? 'bg-accent-600 text-white' : 'text-slate-600 hover:bg-slate-50'
          }`}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
