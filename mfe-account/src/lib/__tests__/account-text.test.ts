import { AUTH_FORM_MESSAGES } from '@wayfarer/contracts/auth-rules';
import { PASSWORD_TOO_LONG_MESSAGE, PASSWORD_TOO_SHORT_MESSAGE } from '@wayfarer/contracts/password';
import { applyLanguage } from '@wayfarer/i18n';
import { accountCatalogReady } from '../../i18n';
import en from '../../locales/en';
import { translateMessage } from '../account-text';

beforeAll(async () => {
  await accountCatalogReady;
});
afterEach(async () => {
  await applyLanguage('en');
});

describe("the English catalog's rule messages", () => {
  it('are the English the forms showed before they came from contracts, with the password limits as placeholders', () => {
    expect(en.msg).toMatchObject({
      firstName: 'Please enter your first name.',
      lastName: 'Please enter your last name.',
      displayName: 'Please choose a display name.',
      birthday: 'Please choose a valid birthday.',
      gender: 'Please select a gender option.',
      emailPassword: 'Please enter email and password.',
      email: 'Please enter a valid email address.',
      passwordLength: 'Password should be at least {{min}} characters.',
      passwordLong:
        'Password is too long: at most {{max}} bytes (letters with accents and other non-ASCII characters count as 2 to 4).',
      passwordMatch: 'Passwords do not match.',
      code: 'Enter the 6-digit code.',
    });
  });

  it("show every rule's message unchanged in English, the limits filled in", () => {
    for (const message of [...Object.values(AUTH_FORM_MESSAGES), PASSWORD_TOO_LONG_MESSAGE])
      expect(translateMessage(message)).toBe(message);
    expect(translateMessage(PASSWORD_TOO_SHORT_MESSAGE)).toBe('Password should be at least 6 characters.');
  });

  it('are still found, and translated, in another language', async () => {
    await applyLanguage('fr');
    expect(translateMessage(AUTH_FORM_MESSAGES.passwordMatch)).toBe(
      'Les mots de passe ne correspondent pas.',
    );
    expect(translateMessage(PASSWORD_TOO_SHORT_MESSAGE)).toBe(
      'Le mot de passe doit comporter au moins 6 caractères.',
    );
  });
});
