import { act, render } from '@testing-library/react';
import { applyLanguage, type Language } from '@wayfarer/i18n';
import { accountCatalogReady } from '../../../i18n';
import { VerifyForm } from '../components/verify-form';
import type { LoginStatus } from '../components/login-status';

const status: LoginStatus = { error: null, info: null, setError: () => {}, setInfo: () => {} };
const countdown = () => document.querySelector('.account-countdown')?.textContent;

beforeAll(async () => {
  await accountCatalogReady;
});
afterEach(async () => {
  await act(() => applyLanguage('en'));
});

describe("VerifyForm's countdown in the traveller's language", () => {
  it('reads the spec English by default and the catalog sentence in each language', async () => {
    render(<VerifyForm status={status} email="ada@example.test" />);
    expect(countdown()).toBe('Code expires in 180s');
    const read: Array<[Language, string]> = [
      ['fr', 'Le code expire dans 180 s'],
      ['de', 'Der Code läuft in 180 s ab'],
      ['ar', 'تنتهي صلاحية الرمز خلال 180 ثانية'],
    ];
    for (const [lang, text] of read) {
      await act(() => applyLanguage(lang));
      expect(countdown()).toBe(text);
    }
  });

  it("writes the seconds with Intl in the locale: a locale's own digits reach the countdown", async () => {
    // Node's and Chromium's ICU give all six languages Latin digits up to 180, as String() would: stand in an
    // ICU whose Arabic numbers with Arabic-Indic digits (CLDR's 'arab' system) to see the number go through Intl.
    const arab = new Intl.NumberFormat('ar-u-nu-arab');
    const real = Object.getOwnPropertyDescriptor(Intl.NumberFormat.prototype, 'format')!;
    Object.defineProperty(Intl.NumberFormat.prototype, 'format', {
      ...real,
      get(this: Intl.NumberFormat) {
        return this.resolvedOptions().locale === 'ar' ? arab.format : (real.get!.call(this) as unknown);
      },
    });
    try {
      await act(() => applyLanguage('ar'));
      render(<VerifyForm status={status} email="ada@example.test" />);
      expect(countdown()).toBe('تنتهي صلاحية الرمز خلال ١٨٠ ثانية');
    } finally {
      Object.defineProperty(Intl.NumberFormat.prototype, 'format', real);
    }
  });
});
