import { useEffect, useState } from 'react';
import { themeOf } from './palette';

/** The page's theme, following the class on <html> as the shell's theme switch changes it. */
export function usePageTheme(): 'light' | 'dark' {
  const [theme, setTheme] = useState(() => themeOf());
  useEffect(() => {
    const root = document.documentElement;
    const observer = new MutationObserver(() => setTheme(themeOf(root)));
    observer.observe(root, { attributes: true, attributeFilter: ['class'] });
    setTheme(themeOf(root));
    return () => observer.disconnect();
  }, []);
  return theme;
}
