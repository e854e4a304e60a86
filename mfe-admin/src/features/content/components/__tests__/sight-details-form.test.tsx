import { jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AdminSight } from '@wayfarer/contracts';
import { SightDetailsForm } from '../sight-details-form';

const SIGHT = {
  id: 'a',
  slug: 'a',
  name: 'Pantheon',
  description: '',
  cover_image_url: null,
  img_preview: null,
  city: 'Rome',
  country: 'Italy',
  country_code: 'IT',
  latitude: 41.9,
  longitude: 12.5,
  rating_avg: 0,
  ratings_count: 0,
  category_slugs: ['landmark'],
  category_hint: null,
  popularity: null,
  hidden: false,
  merged_into: null,
  comments_count: 0,
  images_count: 0,
  stations_count: 0,
} as unknown as AdminSight;

test('the content editor marks the name, then every category box, then the cover image, with the API schema messages', async () => {
  const act = jest.fn(async () => undefined);
  render(<SightDetailsForm sight={SIGHT} busy={false} act={act} onSaved={() => undefined} />);
  const form = screen.getByRole('form', { name: 'Sight details' });
  const q = within(form);
  const name = q.getByLabelText('Name');
  const boxes = [...form.querySelectorAll<HTMLInputElement>('input[type=checkbox]')];
  fireEvent.change(name, { target: { value: '  ' } });
  fireEvent.click(q.getByLabelText('landmark'));
  fireEvent.change(q.getByLabelText('Cover image URL'), { target: { value: 'ftp://x' } });
  fireEvent.submit(form);
  await waitFor(() => {
    const alert = q.getByRole('alert');
    expect(alert.textContent).toBe('Please enter a name.');
    expect(name.getAttribute('aria-describedby')).toBe(alert.id);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name);
  });
  fireEvent.change(name, { target: { value: 'Pantheon' } });
  fireEvent.submit(form);
  await waitFor(() => {
    const alert = q.getByRole('alert');
    expect(alert.textContent).toBe('Pick at least one category.');
    for (const box of boxes) expect(box.getAttribute('aria-describedby')).toBe(alert.id);
    expect(name.hasAttribute('aria-invalid')).toBe(false);
    expect(document.activeElement).toBe(boxes[0]);
  });
  fireEvent.click(q.getByLabelText('museum'));
  fireEvent.submit(form);
  await waitFor(() => {
    expect(q.getByRole('alert').textContent).toBe(
      'The image must be an http(s) URL or a path starting with /.',
    );
    expect(document.activeElement).toBe(q.getByLabelText('Cover image URL'));
  });
  expect(act).not.toHaveBeenCalled();
  fireEvent.change(q.getByLabelText('Cover image URL'), { target: { value: '' } });
  fireEvent.submit(form);
  await waitFor(() =>
    expect(act).toHaveBeenCalledWith('Could not save the sight', 'Sight saved.', expect.any(Function)),
  );
});
