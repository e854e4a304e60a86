import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { WayfarerSupabase } from '@wayfarer/session';
import { setSupabaseForTests } from '@wayfarer/session';
import { PasswordSection } from '../components/password-section';
import { ProfileEditForm } from '../components/profile-edit-form';
import type { ProfileRow } from '../components/profile-section';

/** On the account page: the message shown marks (aria-invalid, aria-describedby) and focuses its field. */
async function expectMarked(
  form: HTMLElement,
  message: string,
  field: HTMLElement,
  marked: HTMLElement[] = [field],
) {
  await waitFor(() => {
    const alert = within(form).getByRole('alert');
    expect(alert.textContent).toBe(message);
    expect(alert.id).not.toBe('');
    for (const el of marked) {
      expect(el.getAttribute('aria-invalid')).toBe('true');
      expect(el.getAttribute('aria-describedby')).toBe(alert.id);
    }
    for (const el of form.querySelectorAll('input, select')) {
      if (!marked.includes(el as HTMLElement)) expect(el.hasAttribute('aria-invalid')).toBe(false);
    }
    expect(document.activeElement).toBe(field);
  });
}

const PROFILE: ProfileRow = {
  display_name: 'Ada',
  first_name: 'Ada',
  last_name: 'Lovelace',
  gender: 'female',
  birthdate: '1990-05-17',
  avatar_url: null,
};

describe('profile edit form', () => {
  it('marks the display name, then the birthday selects, then the gender', async () => {
    const onSaved = jest.fn();
    const upsert = jest.fn(async () => ({ error: null }));
    setSupabaseForTests({ from: () => ({ upsert }) } as unknown as WayfarerSupabase);
    render(<ProfileEditForm userId="u1" profile={PROFILE} onSaved={onSaved} onCancel={() => undefined} />);
    const form = screen.getByRole('form', { name: 'Edit profile' });
    const q = within(form);
    fireEvent.change(q.getByLabelText('Display name'), { target: { value: ' ' } });
    fireEvent.change(q.getByLabelText('Month'), { target: { value: '' } });
    fireEvent.change(q.getByLabelText('Gender'), { target: { value: '' } });
    fireEvent.click(q.getByRole('button', { name: 'Save profile' }));
    await expectMarked(form, 'Please choose a display name.', q.getByLabelText('Display name'));
    fireEvent.change(q.getByLabelText('Display name'), { target: { value: 'Countess' } });
    fireEvent.click(q.getByRole('button', { name: 'Save profile' }));
    const birthday = ['Day', 'Month', 'Year'].map((l) => q.getByLabelText(l));
    await expectMarked(form, 'Please choose a valid birthday.', birthday[0]!, birthday);
    fireEvent.change(q.getByLabelText('Month'), { target: { value: '5' } });
    fireEvent.click(q.getByRole('button', { name: 'Save profile' }));
    await expectMarked(form, 'Please select a gender option.', q.getByLabelText('Gender'));
    fireEvent.change(q.getByLabelText('Gender'), { target: { value: 'female' } });
    await act(async () => {
      fireEvent.click(q.getByRole('button', { name: 'Save profile' }));
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(upsert).toHaveBeenCalledWith(
      {
        id: 'u1',
        display_name: 'Countess',
        first_name: 'Ada',
        last_name: 'Lovelace',
        gender: 'female',
        birthdate: '1990-05-17',
      },
      { onConflict: 'id' },
    );
  });
});

describe('change password form', () => {
  it('marks the new password for its length and the confirmation for a mismatch', async () => {
    render(<PasswordSection />);
    const form = screen.getByRole('form', { name: 'Change password' });
    const q = within(form);
    fireEvent.click(q.getByRole('button', { name: 'Change password' }));
    await expectMarked(form, 'Password should be at least 6 characters.', q.getByLabelText('New password'));
    fireEvent.change(q.getByLabelText('New password'), { target: { value: 'abcdef' } });
    fireEvent.click(q.getByRole('button', { name: 'Change password' }));
    await expectMarked(form, 'Passwords do not match.', q.getByLabelText('Confirm new password'));
  });
});
