import { jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { TOAST_MS, Toaster, toast } from '../toast';

afterEach(() => jest.useRealTimers());

test('a toast is added to the polite live region, announced, and leaves after TOAST_MS', () => {
  jest.useFakeTimers();
  render(<Toaster />);
  const region = screen.getByRole('status');
  expect(region.getAttribute('aria-live')).toBe('polite');
  expect(region.textContent).toBe('');
  act(() => toast('Saved “Offline maps”.'));
  expect(screen.getByTestId('toast').textContent).toContain('Saved “Offline maps”.');
  // In the live region that was already in the document: a screen reader announces the addition.
  expect(region.contains(screen.getByTestId('toast'))).toBe(true);
  act(() => jest.advanceTimersByTime(TOAST_MS - 1));
  expect(screen.queryByTestId('toast')).not.toBeNull();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.queryByTestId('toast')).toBeNull();
});

test('toasts stack in order and each can be dismissed', () => {
  render(<Toaster />);
  act(() => {
    toast('Link copied');
    toast('Comment deleted.');
  });
  expect(screen.getAllByTestId('toast').map((t) => t.firstChild!.textContent)).toEqual([
    'Link copied',
    'Comment deleted.',
  ]);
  fireEvent.click(screen.getByRole('button', { name: 'Dismiss: Link copied' }));
  expect(screen.getAllByTestId('toast').map((t) => t.firstChild!.textContent)).toEqual(['Comment deleted.']);
});

test('a toast sent from another bundle (a window event) reaches the one Toaster', () => {
  render(<Toaster />);
  act(() => {
    window.dispatchEvent(new CustomEvent('wf:toast', { detail: { message: 'Upload finished.' } }));
  });
  expect(screen.getByTestId('toast').textContent).toContain('Upload finished.');
});
