import {
  birthYears,
  countdownText,
  daysInMonth,
  insertedText,
  isValidBirthday,
  mapAuthError,
  mapOtpError,
  pastedDigits,
  resolveRedirect,
  safeNext,
  secondsLeft,
  validateCode,
  validateLogin,
  validateProfile,
  validateSignup,
  type SignupFields,
} from '../login-rules';

const ok: SignupFields = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  displayName: 'ada',
  birthday: { day: '29', month: '2', year: '2000' },
  gender: 'female',
  email: 'ada@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
};

describe('birthday', () => {
  it('follows month length and leap years', () => {
    expect(daysInMonth(2, 2000)).toBe(29);
    expect(daysInMonth(2, 1900)).toBe(28);
    expect(daysInMonth(2, 2024)).toBe(29);
    expect(daysInMonth(2, 2023)).toBe(28);
    expect(daysInMonth(4, 2023)).toBe(30);
    expect(daysInMonth(12, 2023)).toBe(31);
    expect(isValidBirthday({ day: '29', month: '2', year: '2023' })).toBe(false);
    expect(isValidBirthday({ day: '31', month: '4', year: '2023' })).toBe(false);
    expect(isValidBirthday({ day: '', month: '4', year: '2023' })).toBe(false);
  });
  it('offers 121 years from the current one down', () => {
    const ys = birthYears(new Date('2026-05-01'));
    expect(ys[0]).toBe(2026);
    expect(ys.at(-1)).toBe(1906);
  });
});

describe('validation order', () => {
  it('signup checks each rule in spec order', () => {
    expect(validateSignup(ok)).toBeNull();
    expect(validateSignup({ ...ok, firstName: ' ', lastName: '' })).toBe('Please enter your first name.');
    expect(validateSignup({ ...ok, lastName: '', displayName: '' })).toBe('Please enter your last name.');
    expect(validateSignup({ ...ok, displayName: '', gender: '' })).toBe('Please choose a display name.');
    expect(validateSignup({ ...ok, birthday: { day: '31', month: '2', year: '2000' }, gender: '' })).toBe(
      'Please choose a valid birthday.',
    );
    expect(validateSignup({ ...ok, gender: '', email: '' })).toBe('Please select a gender option.');
    expect(validateSignup({ ...ok, email: '', password: 'x' })).toBe('Please enter email and password.');
    expect(validateSignup({ ...ok, email: 'nope', password: 'x' })).toBe(
      'Please enter a valid email address.',
    );
    expect(validateSignup({ ...ok, password: 'abc', confirmPassword: 'zzz' })).toBe(
      'Password should be at least 6 characters.',
    );
    expect(validateSignup({ ...ok, confirmPassword: 'other1' })).toBe('Passwords do not match.');
  });
  it('login and profile and code', () => {
    expect(validateLogin('', '')).toBe('Please enter email and password.');
    expect(validateLogin('a', 'b')).toBe('Please enter a valid email address.');
    expect(validateLogin('a@b', 'b')).toBeNull();
    expect(validateProfile({ displayName: 'x', birthday: ok.birthday, gender: '' })).toBe(
      'Please select a gender option.',
    );
    expect(validateCode(['1', '2', '3', '4', '5'])).toBe('Enter the 6-digit code.');
    expect(validateCode(['1', '2', '3', '4', '5', ''])).toBe('Enter the 6-digit code.');
    expect(validateCode(['1', '2', '3', '4', '5', '6'])).toBeNull();
  });
});

describe('redirect', () => {
  it('accepts next only when it starts with /', () => {
    expect(safeNext('https://evil.example')).toBeNull();
    expect(safeNext('/shop')).toBe('/shop');
    expect(resolveRedirect(null, 'evil')).toBe('/explore');
    expect(resolveRedirect(null, '/shop')).toBe('/shop');
    expect(resolveRedirect('/account', '/shop')).toBe('/account');
  });

  const origin = 'http://localhost:3000';
  it.each([
    ['protocol-relative', '//evil.example/x'],
    ['protocol-relative with more slashes', '///evil.example/x'],
    ['backslash', '/\\evil.example/x'],
    ['backslashes', '/\\\\evil.example'],
    ['tab inside the slashes', '/\t/evil.example/x'],
    ['newline inside the slashes', '/\n/evil.example/x'],
    ['carriage return', '/\r/evil.example'],
    ['leading space', ' /evil'],
    ['NUL', '/\u0000/evil.example'],
    ['no-break space', '/\u00a0/evil.example'],
    ['encoded slashes', '/%2F%2Fevil.example/x'],
    ['encoded slash after the first', '/%2Fevil.example'],
    ['encoded backslash', '/%5Cevil.example'],
    ['encoded tab', '/%09/evil.example'],
    ['dot segment that leaves //', '/.//evil.example/x'],
    ['malformed escape', '/%E0%A4%A'],
    ['absolute URL', 'https://evil.example/x'],
    ['javascript URL', 'javascript:alert(1)'],
  ])('refuses a next that could leave the origin: %s', (_name, next) => {
    expect(safeNext(next, origin)).toBeNull();
    expect(resolveRedirect(null, next, origin)).toBe('/explore');
    expect(resolveRedirect(next, '/shop', origin)).toBe('/shop');
  });

  it('keeps same-origin paths with their query and hash (normalised)', () => {
    expect(safeNext('/explore/abc-123?radius=5&q=caf%C3%A9#map', origin)).toBe(
      '/explore/abc-123?radius=5&q=caf%C3%A9#map',
    );
    expect(safeNext('/login?next=%2Fshop', origin)).toBe('/login?next=%2Fshop');
    expect(safeNext('/explore/Golden%20Gate', origin)).toBe('/explore/Golden%20Gate');
    expect(safeNext('/a/../shop', origin)).toBe('/shop');
    expect(safeNext('/', origin)).toBe('/');
  });
});

describe('errors', () => {
  it('maps auth and OTP messages', () => {
    expect(mapAuthError('Invalid login credentials')).toBe('Invalid email or password.');
    expect(mapAuthError('User already registered')).toBe('User already exists.');
    expect(mapAuthError('Email not confirmed')).toBe('Please confirm your email first.');
    expect(mapAuthError('Something else')).toBe('Something else');
    expect(mapAuthError(undefined)).toBe('Login failed');
    expect(mapOtpError('Token has expired or is invalid')).toBe('That code has expired. Tap "Resend code".');
    expect(mapOtpError('Invalid token')).toBe('That code is not correct. Try again or resend.');
  });
});

describe('countdown and paste', () => {
  it('formats the countdown', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_600)).toBe(1);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
    expect(countdownText(180)).toBe('Code expires in 180s');
    expect(countdownText(0)).toBe('Code expired.');
  });
  it('keeps up to 6 digits from a paste', () => {
    expect(pastedDigits('12 34-5678')).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(pastedDigits('ab')).toEqual([]);
    expect(pastedDigits('１２３ ４５６')).toEqual(['1', '2', '3', '4', '5', '6']);
  });
  it('tells what one input event put into an OTP box', () => {
    expect(insertedText('482913', '', null)).toBe('482913');
    expect(insertedText('482913', '7', undefined)).toBe('482913');
    expect(insertedText('7482913', '7', '482913')).toBe('482913');
    expect(insertedText('37', '3', null)).toBe('7');
    expect(insertedText('73', '3', null)).toBe('7');
    expect(insertedText('5', '', '5')).toBe('5');
  });
});
