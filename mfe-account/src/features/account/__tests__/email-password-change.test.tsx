import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { applyLanguage, type Language } from '@wayfarer/i18n';
import { PASSWORD_TOO_COMMON_MESSAGE } from '@wayfarer/contracts/password';
import { accountCatalogReady } from '../../../i18n';
import { resetSession, signedIn } from '../../../testing/api-mock';
import { EmailSection } from '../components/email-section';
import { PasswordSection } from '../components/password-section';
import en from '../../../locales/en';
import fr from '../../../locales/fr';
import de from '../../../locales/de';
import es from '../../../locales/es';
import it_ from '../../../locales/it';
import ar from '../../../locales/ar';

type Answer = {
  data: unknown;
  error: { name: string; status: number; code?: string; message: string } | null;
};
const ok: Answer = { data: { user: {} }, error: null };
const apiError = (status: number, code: string, message: string): Answer => ({
  data: { user: null },
  error: { name: 'AuthApiError', status, code, message },
});

function auth(updateUser: (a: unknown) => Promise<Answer>, verifyOtp?: (a: unknown) => Promise<Answer>) {
  const mocks = {
    updateUser: jest.fn(updateUser),
    verifyOtp: jest.fn(verifyOtp ?? (async (_a: unknown) => ok)),
  };
  signedIn({ auth: mocks });
  return mocks;
}

const submit = async (form: HTMLElement, name: string) => {
  await act(async () => {
    fireEvent.click(within(form).getByRole('button', { name }));
  });
};
const type = (form: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(form).getByLabelText(label), { target: { value } });

beforeAll(async () => {
  await accountCatalogReady;
});
afterEach(async () => {
  resetSession();
  await act(() => applyLanguage('en'));
});

describe('changing the password', () => {
  it('sends the current password when given, and explains the server refusals in the active language', async () => {
    const answers = [
      apiError(
        400,
        'reauthentication_needed',
        'Enter your current password to change your password or e-mail address.',
      ),
      apiError(400, 'current_password_mismatch', 'Current password is incorrect.'),
      apiError(422, 'weak_password', PASSWORD_TOO_COMMON_MESSAGE),
      ok,
    ];
    const m = auth(async () => answers.shift()!);
    render(<PasswordSection />);
    const form = screen.getByRole('form', { name: 'Change password' });
    type(form, 'New password', 'a-new-secret-1');
    type(form, 'Confirm new password', 'a-new-secret-1');
    await submit(form, 'Change password');
    expect(m.updateUser).toHaveBeenLastCalledWith({ password: 'a-new-secret-1' });
    expect(within(form).getByRole('alert').textContent).toBe(
      'Enter your current password to confirm this change.',
    );
    type(form, 'Current password', 'wrong-one');
    await submit(form, 'Change password');
    expect(m.updateUser).toHaveBeenLastCalledWith({
      password: 'a-new-secret-1',
      current_password: 'wrong-one',
    });
    expect(within(form).getByRole('alert').textContent).toBe('Your current password is not correct.');
    await act(() => applyLanguage('de'));
    await submit(form, 'Passwort ändern');
    expect(within(form).getByRole('alert').textContent).toBe(de.msg.passwordCommon);
    await submit(form, 'Passwort ändern');
    expect(within(form).getByRole('status').textContent).toBe(de.password.changed);
    expect((within(form).getByLabelText(de.password.current) as HTMLInputElement).value).toBe('');
  });
});

describe('changing the e-mail address', () => {
  it('asks for the code sent to the new address, then applies it with verifyOtp type email_change', async () => {
    const m = auth(async () => ok);
    render(<EmailSection email="ada@example.test" />);
    expect(screen.getByTestId('account-email').textContent).toBe('ada@example.test');
    const form = screen.getByRole('form', { name: 'Change e-mail address' });
    type(form, 'New e-mail address', 'ada@example.test');
    await submit(form, 'Send code');
    expect(within(form).getByRole('alert').textContent).toBe('This is already your e-mail address.');
    expect(m.updateUser).not.toHaveBeenCalled();
    type(form, 'New e-mail address', ' Ada.New@Example.test ');
    type(form, 'Current password', 'secret-pass-1');
    await submit(form, 'Send code');
    expect(m.updateUser).toHaveBeenCalledWith({
      email: 'ada.new@example.test',
      current_password: 'secret-pass-1',
    });
    const step2 = screen.getByRole('form', { name: 'Confirm new address' });
    expect(within(step2).getByRole('status').textContent).toBe(
      'Check your new address: we sent a 6-digit code to ada.new@example.test. Enter it to confirm the change.',
    );
    type(step2, 'Code from the e-mail', '12');
    await submit(step2, 'Confirm new address');
    expect(within(step2).getByRole('alert').textContent).toBe('Enter the 6-digit code.');
    expect(m.verifyOtp).not.toHaveBeenCalled();
    type(step2, 'Code from the e-mail', '123456');
    await submit(step2, 'Confirm new address');
    expect(m.verifyOtp).toHaveBeenCalledWith({
      email: 'ada.new@example.test',
      token: '123456',
      type: 'email_change',
    });
    expect(screen.getByRole('status').textContent).toBe('Your e-mail address is now ada.new@example.test.');
    expect(screen.getByRole('form', { name: 'Change e-mail address' })).toBeTruthy();
  });

  it("shows a wrong code, a taken address and the back-off in the traveller's language", async () => {
    const m = auth(
      async () => apiError(422, 'email_exists', 'A user with this email address has already been registered'),
      async () => apiError(403, 'otp_invalid', 'Token is invalid'),
    );
    await act(() => applyLanguage('fr'));
    render(<EmailSection email="ada@example.test" />);
    const form = screen.getByRole('form', { name: fr.emailChange.title });
    type(form, fr.emailChange.newEmail, 'taken@example.test');
    await submit(form, fr.emailChange.submit);
    expect(within(form).getByRole('alert').textContent).toBe(fr.msg.emailTaken);
    m.updateUser.mockImplementation(async () => ok);
    await submit(form, fr.emailChange.submit);
    const step2 = screen.getByRole('form', { name: fr.emailChange.confirm });
    type(step2, fr.emailChange.code, '654321');
    await submit(step2, fr.emailChange.confirm);
    expect(within(step2).getByRole('alert').textContent).toBe(fr.msg.codeWrong);
    m.verifyOtp.mockImplementation(async () =>
      apiError(429, 'over_request_rate_limit', 'Too many failed attempts. Please try again in 60 seconds.'),
    );
    await submit(step2, fr.emailChange.confirm);
    expect(within(step2).getByRole('alert').textContent).toBe(fr.msg.tooManyTries);
  });

  it('has every new message in all six languages', () => {
    const catalogs: Record<Language, typeof en> = { en, fr, de, es, it: it_, ar } as Record<
      Language,
      typeof en
    >;
    const keys = (c: typeof en) => [
      ...Object.keys(c.emailChange),
      c.password.current,
      c.msg.passwordCommon,
      c.msg.currentPasswordWrong,
      c.msg.reauthNeeded,
      c.msg.emailTaken,
      c.msg.tooManyTries,
    ];
    for (const [lang, c] of Object.entries(catalogs)) {
      expect(Object.keys(c.emailChange).sort()).toEqual(Object.keys(en.emailChange).sort());
      for (const v of [...Object.values(c.emailChange), ...keys(c)])
        expect(typeof v === 'string' && v.length > 0).toBe(true);
      if (lang !== 'en') expect(c.msg.passwordCommon).not.toBe(en.msg.passwordCommon);
      expect(c.emailChange.sent).toContain('{{email}}');
    }
  });
});
