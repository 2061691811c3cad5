// Light, dark, or follow the system; remembered in localStorage.
import { useCallback, useEffect, useState } from 'react';

export type Theme = 'system' | 'light' | 'dark';
const KEY = 'kioku.theme';

export function useTheme(): [Theme, (t: Theme) => void] {
  const [theme, setTheme] = useState<Theme>(() => {
    const saved = localStorage.getItem(KEY);
    return saved === 'light' || saved === 'dark' ? saved : 'system';
  });
  useEffect(() => {
    if (theme === 'system') document.documentElement.removeAttribute('data-theme');
    else document.documentElement.setAttribute('data-theme', theme);
  }, [theme]);
  const set = useCallback((t: Theme) => {
    if (t === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, t);
    setTheme(t);
  }, []);
  return [theme, set];
}
