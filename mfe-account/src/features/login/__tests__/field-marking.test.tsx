import { jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { WayfarerSupabase } from '@wayfarer/session';
import { setSupabaseForTests } from '@wayfarer/session';
import { mountLoginPage } from './mount-login';

/** The one message shown is tied to its field (aria-invalid, aria-describedby) and focuses it. */
function fakeClient(over: Record<string, unknown> = {}, from: unknown = jest.fn()) {
  const auth = {
    getSession: jest.fn(async () => ({ data: { session: null }, error: null })),
    onAuthStateChange: jest.fn(() => ({ data: { subscription: { unsubscribe: () => undefined } } })),
    signInWithPassword: jest.fn(async () => ({ data: {}, error: null })),
    signUp: jest.fn(async () => ({ data: { session: null, user: { id: 'u' } }, error: null })),
    verifyOtp: jest.fn(async () => ({ data: {}, error: null })),
    ...over,
  };
  const client = { auth, from } as unknown as WayfarerSupabase & { auth: typeof auth };
  setSupabaseForTests(client);
  return client;
}

async function open(heading = 'Log in') {
  mountLoginPage();
  await screen.findByRole('heading', { name: heading });
}

const set = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

/** The alert shows `message`, `field` (and only the fields in `marked`) point at it, and `field` has the focus. */
async function expectMarked(message: string, field: HTMLElement, marked: HTMLElement[] = [field]) {
  await waitFor(() => {
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(message);
    expect(alert.id).not.toBe('');
    for (const el of marked) {
      expect(el.getAttribute('aria-invalid')).toBe('true');
      expect(el.getAttribute('aria-describedby')).toBe(alert.id);
    }
    const others = [...document.querySelectorAll('input, select')].filter(
      (el) => !marked.includes(el as HTMLElement),
    );
    for (const el of others) expect(el.hasAttribute('aria-invalid')).toBe(false);
    expect(document.activeElement).toBe(field);
  });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('login mode', () => {
  it('marks and focuses the field each message is about, in the spec order', async () => {
    const c = fakeClient();
    await open();
    click('Log In');
    await expectMarked('Please enter email and password.', screen.getByLabelText('Email'));
    set('Email', 'bad');
    click('Log In');
    await expectMarked('Please enter email and password.', screen.getByLabelText('Password'));
    set('Password', 'x');
    click('Log In');
    await expectMarked('Please enter a valid email address.', screen.getByLabelText('Email'));
    set('Email', 'a@b.c');
    await act(async () => {
      click('Log In');
    });
    await waitFor(() =>
      expect(c.auth.signInWithPassword).toHaveBeenCalledWith({ email: 'a@b.c', password: 'x' }),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelector('[aria-invalid]')).toBeNull();
  });

  it('a server message is shown without marking a field', async () => {
    fakeClient({
      signInWithPassword: jest.fn(async () => ({
        data: {},
        error: { message: 'Invalid login credentials' },
      })),
    });
    await open();
    set('Email', 'a@b.c');
    set('Password', 'secret1');
    await act(async () => {
      click('Log In');
    });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Invalid email or password.'));
    expect(document.querySelector('[aria-invalid]')).toBeNull();
  });
});

describe('signup and verify modes', () => {
  it('walks the sign-up rules field by field, then the code boxes', async () => {
    fakeClient();
    await open();
    click('Create account');
    click('Sign up');
    await expectMarked('Please enter your first name.', screen.getByLabelText('First name'));
    set('First name', 'Ada');
    click('Sign up');
    await expectMarked('Please enter your last name.', screen.getByLabelText('Last name'));
    set('Last name', 'Lovelace');
    click('Sign up');
    await expectMarked('Please choose a display name.', screen.getByLabelText('Display name'));
    set('Display name', 'ada');
    set('Month', '2');
    click('Sign up');
    const birthday = ['Day', 'Month', 'Year'].map((l) => screen.getByLabelText(l));
    await expectMarked('Please choose a valid birthday.', birthday[0]!, birthday);
    set('Day', '29');
    set('Year', '2000');
    click('Sign up');
    await expectMarked('Please select a gender option.', screen.getByLabelText('Gender'));
    set('Gender', 'female');
    set('Email', 'ada@example.test');
    set('Password', 'short');
    click('Sign up');
    await expectMarked('Password should be at least 6 characters.', screen.getByLabelText('Password'));
    set('Password', 'secret1');
    set('Confirm password', 'secret2');
    click('Sign up');
    await expectMarked('Passwords do not match.', screen.getByLabelText('Confirm password'));
    set('Confirm password', 'secret1');
    await act(async () => {
      click('Sign up');
    });
    await screen.findByRole('heading', { name: 'Verify your email' });

    click('Verify');
    const boxes = [1, 2, 3, 4, 5, 6].map((i) => screen.getByLabelText(`Digit ${i}`));
    await expectMarked('Enter the 6-digit code.', boxes[0]!, boxes);
    fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => '123' } });
    click('Verify');
    // Focus goes to the first empty box.
    await waitFor(() => expect(document.activeElement).toBe(boxes[3]));
    expect(boxes[3]!.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('profile mode', () => {
  it('marks the birthday, then the gender, of a profile still to complete', async () => {
    const session = { access_token: 't', user: { id: 'u1', email: 'g@example.com', user_metadata: {} } };
    const upsert = jest.fn(async () => ({ error: null }));
    const query = {
      select: () => query,
      eq: () => query,
      maybeSingle: async () => ({
        data: { id: 'u1', display_name: 'Gee', gender: null, birthdate: null },
        error: null,
      }),
      upsert,
    };
    fakeClient(
      {
        getSession: jest.fn(async () => ({ data: { session }, error: null })),
        getUser: jest.fn(async () => ({ data: { user: { id: 'u1' } } })),
      },
      jest.fn(() => query),
    );
    await open('Complete your profile');
    set('Display name', '  ');
    click('Save & continue');
    await expectMarked('Please choose a display name.', screen.getByLabelText('Display name'));
    set('Display name', 'Gee');
    click('Save & continue');
    const birthday = ['Day', 'Month', 'Year'].map((l) => screen.getByLabelText(l));
    await expectMarked('Please choose a valid birthday.', birthday[0]!, birthday);
    set('Day', '2');
    set('Month', '1');
    set('Year', '1990');
    click('Save & continue');
    await expectMarked('Please select a gender option.', screen.getByLabelText('Gender'));
    set('Gender', 'male');
    await act(async () => {
      click('Save & continue');
    });
    await screen.findByText('elsewhere');
    expect(upsert).toHaveBeenLastCalledWith(
      { id: 'u1', display_name: 'Gee', gender: 'male', birthdate: '1990-01-02' },
      { onConflict: 'id' },
    );
  });
});
