import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { NewsFields } from '../../types';
import { NewsForm } from '../news-form';

/** The editor validates with the API's schema and marks and focuses the field its message is about. */
async function expectMarked(form: HTMLElement, message: string, field: HTMLElement) {
  await waitFor(() => {
    const alert = within(form).getByRole('alert');
    expect(alert.textContent).toBe(message);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    for (const el of form.querySelectorAll('input, textarea'))
      if (el !== field) expect(el.hasAttribute('aria-invalid')).toBe(false);
    expect(document.activeElement).toBe(field);
  });
}

test('title, then image URL, then text: each message marks and focuses its field; a valid form sends trimmed fields', async () => {
  const onSubmit = jest.fn(async (_f: NewsFields) => undefined);
  render(<NewsForm busy={false} onSubmit={onSubmit} />);
  const form = screen.getByRole('form', { name: 'Create news item' });
  const q = within(form);
  fireEvent.submit(form);
  await expectMarked(form, 'Please enter a title.', q.getByLabelText('Title'));
  fireEvent.change(q.getByLabelText('Title'), { target: { value: '  Fresh news ' } });
  fireEvent.change(q.getByLabelText('Image URL (optional)'), { target: { value: 'not a url' } });
  fireEvent.submit(form);
  await expectMarked(
    form,
    'Please enter a full image URL (https://…).',
    q.getByLabelText('Image URL (optional)'),
  );
  fireEvent.change(q.getByLabelText('Image URL (optional)'), { target: { value: ' ' } });
  fireEvent.submit(form);
  await expectMarked(form, 'Please write the news text.', q.getByLabelText('Text'));
  expect(onSubmit).not.toHaveBeenCalled();
  fireEvent.change(q.getByLabelText('Text'), { target: { value: 'Body ' } });
  await act(async () => {
    fireEvent.submit(form);
  });
  await waitFor(() =>
    expect(onSubmit).toHaveBeenCalledWith({
      title: 'Fresh news',
      summary: '',
      body: 'Body',
      image_url: null,
      is_published: false,
    }),
  );
  expect(q.queryByRole('alert')).toBeNull();
  expect(form.querySelector('[aria-invalid]')).toBeNull();
});
