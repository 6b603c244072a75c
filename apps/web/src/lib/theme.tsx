import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

export type Theme = 'colorful' | 'monochrome';

const THEME_STORAGE_KEY = 'console_theme';

interface ThemeContextValue {
  theme: Theme;
  setTheme(theme: Theme): void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

function storedTheme(): Theme {
  return localStorage.getItem(THEME_STORAGE_KEY) === 'monochrome' ? 'monochrome' : 'colorful';
}

/** The accent palette lives in CSS variables keyed on `data-theme`, so switching repaints every screen at once. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setTheme] = useState<Theme>(storedTheme);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  }, [theme]);

  return <ThemeContext.Provider value={{ theme, setTheme }}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used inside ThemeProvider');
  return value;
}
