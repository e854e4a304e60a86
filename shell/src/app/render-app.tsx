import type { Root } from 'react-dom/client';
import { App } from './app';

/** The shell's first render (the JSX stays out of bootstrap.tsx, which evaluates the app in steps). */
export function renderApp(root: Root): void {
  root.render(<App />);
}
