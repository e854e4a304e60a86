import { startTransition } from 'react';
import type { Root } from 'react-dom/client';
import { App } from './app';

/**
 * The shell's first render (the JSX stays out of bootstrap.tsx, which evaluates the app in steps), as a transition:
 * React renders a transition in slices of a few milliseconds with the browser free in between, where an ordinary
 * first render is one task of 30-60 ms on a laptop.
 */
export function renderApp(root: Root): void {
  startTransition(() => root.render(<App />));
}
