import { jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { UpdatePrompt } from '../update-prompt';
import { announceUpdate } from '../update-store';

describe('UpdatePrompt', () => {
  it('shows nothing until a new version waits, then an accessible "Update available" with Reload that applies it', () => {
    render(<UpdatePrompt />);
    expect(screen.queryByTestId('update-prompt')).toBeNull();
    const apply = jest.fn();
    act(() => announceUpdate(apply));
    const prompt = screen.getByRole('status');
    expect(prompt.textContent).toContain('Update available');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledTimes(1);
  });
});
