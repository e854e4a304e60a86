/** Pure rules of the login page (spec points 4, 5 and 8), kept free of React so they can be unit-tested. */
import {
  AUTH_FORM_MESSAGES,
  loginProblem,
  profileProblem,
  signupProblem,
  verifyProblem,
  type Birthday,
  type ProfileFormValues,
  type SignupFormValues,
} from '@wayfarer/contracts/auth-rules';

// The rules themselves live in the contracts (auth-rules.ts), beside the zod schemas the forms validate with.
export { daysInMonth, isLeapYear, isValidBirthday, type Birthday } from '@wayfarer/contracts/auth-rules';

export type LoginMode = 'login' | 'signup' | 'verify' | 'profile';

/** Years from the current year down 120 years. */
export function birthYears(now: Date = new Date()): number[] {
  const current = now.getFullYear();
  return Array.from({ length: 121 }, (_, i) => current - i);
}

/** ISO date (YYYY-MM-DD) for a valid birthday. */
export function birthdayToIso(b: Birthday): string {
  return `${b.year.padStart(4, '0')}-${b.month.padStart(2, '0')}-${b.day.padStart(2, '0')}`;
}

export function isoToBirthday(iso: string | null | undefined): Birthday {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  if (!m) return { day: '', month: '', year: '' };
  return { year: m[1]!, month: String(Number(m[2])), day: String(Number(m[3])) };
}

export type ProfileFields = ProfileFormValues;
export type SignupFields = SignupFormValues;

export const MESSAGES = AUTH_FORM_MESSAGES;

/** First failing profile rule, or null (rules are shown one at a time). */
export function validateProfile(f: ProfileFields): string | null {
  return profileProblem(f)?.message ?? null;
}

export function validateLogin(email: string, password: string): string | null {
  return loginProblem({ email, password })?.message ?? null;
}

export function validateSignup(f: SignupFields): string | null {
  return signupProblem(f)?.message ?? null;
}

export function validateCode(digits: readonly string[]): string | null {
  return verifyProblem({ code: digits })?.message ?? null;
}

// Whitespace and control characters (C0, DEL, C1, Unicode spaces): URL parsers drop or rewrite some of them.
const UNSAFE_CHARS =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]/;
// In the decoded path an encoded space is fine (a name in a path), an encoded control character is not.
// eslint-disable-next-line no-control-regex -- as above
const UNSAFE_DECODED = /[\u0000-\u001f\u007f\\]/;

const pageOrigin = () => (typeof window !== 'undefined' ? window.location.origin : 'http://localhost');

/**
 * The post-login redirect must be a path starting with '/' (spec point 5) that stays on this origin: `//host`,
 * `/\host`, tabs or newlines inside `//` and their percent-encoded forms are refused. The path is resolved against
 * the origin (as the browser would) and kept only when the origin is unchanged; the normalised path is returned.
 */
export function safeNext(next: string | null | undefined, origin: string = pageOrigin()): string | null {
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//')) return null;
  if (next.includes('\\') || UNSAFE_CHARS.test(next)) return null;
  let url: URL;
  let path: string;
  try {
    url = new URL(next, origin);
    path = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  // A path that decodes to `//host` or `/\host` would leave the origin if anything decoded it again.
  if (path.startsWith('//') || UNSAFE_DECODED.test(path)) return null;
  return url.pathname + url.search + url.hash;
}

/** Stored target, else the next parameter, else /explore. */
export function resolveRedirect(stored: string | null, next: string | null, origin?: string): string {
  return safeNext(stored, origin) ?? safeNext(next, origin) ?? '/explore';
}

export function mapAuthError(message: string | null | undefined, fallback = 'Login failed'): string {
  if (!message) return fallback;
  const m = message.toLowerCase();
  if (m.includes('already registered')) return 'User already exists.';
  if (m.includes('invalid login credentials')) return 'Invalid email or password.';
  if (m.includes('email not confirmed')) return 'Please confirm your email first.';
  return message;
}

export function mapOtpError(message: string | null | undefined): string {
  const m = (message ?? '').toLowerCase();
  if (m.includes('expired')) return 'That code has expired. Tap "Resend code".';
  if (m.includes('invalid')) return 'That code is not correct. Try again or resend.';
  return message || 'Login failed';
}

export const OTP_SECONDS = 180;

export function secondsLeft(expiresAt: number, now: number): number {
  return Math.max(0, Math.ceil((expiresAt - now) / 1000));
}

export function countdownText(seconds: number): string {
  return seconds > 0 ? `Code expires in ${seconds}s` : 'Code expired.';
}

/** Digits kept from a paste: only digits, at most 6. Full-width digits (an input method's) count as digits. */
export function pastedDigits(text: string): string[] {
  return text.normalize('NFKC').replace(/\D/g, '').slice(0, 6).split('');
}

/**
 * The text one input event put into an OTP box that held `previous` and now holds `value`. The browser names it
 * (InputEvent.data) for typing and input-method insertion; an autofill replaces the whole value and names
 * nothing, and then a digit typed next to the one already there is told apart from a whole new value.
 */
export function insertedText(value: string, previous: string, data?: string | null): string {
  if (data) return data;
  if (previous && value.length === previous.length + 1) {
    if (value.startsWith(previous)) return value.slice(previous.length);
    if (value.endsWith(previous)) return value.slice(0, 1);
  }
  return value;
}
