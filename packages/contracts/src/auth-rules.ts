/**
 * The login page's validation rules (product spec point 5), zod-free so the browser's first load can use them.
 * Each rule list is checked in the spec's order and names the field its message is about; `auth-forms.ts` wraps
 * them in the zod schemas the forms validate with, and the API takes its password rule from there. Imported as
 * '@wayfarer/contracts/auth-rules', not through the browser barrel: only the account remote needs it, and Module
 * Federation keeps every module of a barrel in each app that imports it.
 */
import { PASSWORD_TOO_SHORT_MESSAGE, passwordLengthProblem } from './password';

export interface Birthday {
  day: string;
  month: string;
  year: string;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in a 1-based month; February follows the leap-year rule (29 when the year is unknown). */
export function daysInMonth(month: number, year?: number): number {
  if (month === 2) return year === undefined || Number.isNaN(year) ? 29 : isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Day, month and year are set and form a real calendar date. */
export function isValidBirthday(b: Birthday): boolean {
  const day = Number(b.day);
  const month = Number(b.month);
  const year = Number(b.year);
  if (!b.day || !b.month || !b.year) return false;
  if (!Number.isInteger(day) || !Number.isInteger(month) || !Number.isInteger(year)) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(month, year);
}

export const AUTH_FORM_MESSAGES = {
  firstName: 'Please enter your first name.',
  lastName: 'Please enter your last name.',
  displayName: 'Please choose a display name.',
  birthday: 'Please choose a valid birthday.',
  gender: 'Please select a gender option.',
  emailPassword: 'Please enter email and password.',
  email: 'Please enter a valid email address.',
  passwordLength: PASSWORD_TOO_SHORT_MESSAGE,
  passwordMatch: 'Passwords do not match.',
  code: 'Enter the 6-digit code.',
} as const;

export interface ProfileFormValues {
  displayName: string;
  birthday: Birthday;
  gender: string;
}
export interface LoginFormValues {
  email: string;
  password: string;
}
export interface SignupFormValues extends ProfileFormValues, LoginFormValues {
  firstName: string;
  lastName: string;
  confirmPassword: string;
}
export interface VerifyFormValues {
  code: readonly string[];
}

/** The first broken rule: the field it is about and the message shown (one at a time). */
export interface FormProblem<F extends string = string> {
  field: F;
  message: string;
}

export function profileProblem(f: ProfileFormValues): FormProblem<keyof ProfileFormValues> | null {
  if (!f.displayName.trim()) return { field: 'displayName', message: AUTH_FORM_MESSAGES.displayName };
  if (!isValidBirthday(f.birthday)) return { field: 'birthday', message: AUTH_FORM_MESSAGES.birthday };
  if (!f.gender) return { field: 'gender', message: AUTH_FORM_MESSAGES.gender };
  return null;
}

/** Both filled, then an '@' in the e-mail; 'enter email and password' is about the first empty one. */
export function loginProblem(f: LoginFormValues): FormProblem<keyof LoginFormValues> | null {
  if (!f.email.trim()) return { field: 'email', message: AUTH_FORM_MESSAGES.emailPassword };
  if (!f.password) return { field: 'password', message: AUTH_FORM_MESSAGES.emailPassword };
  if (!f.email.includes('@')) return { field: 'email', message: AUTH_FORM_MESSAGES.email };
  return null;
}

export function signupProblem(f: SignupFormValues): FormProblem<keyof SignupFormValues> | null {
  if (!f.firstName.trim()) return { field: 'firstName', message: AUTH_FORM_MESSAGES.firstName };
  if (!f.lastName.trim()) return { field: 'lastName', message: AUTH_FORM_MESSAGES.lastName };
  const problem = profileProblem(f) ?? loginProblem(f);
  if (problem) return problem;
  // At least 6 characters, and at most 72 UTF-8 bytes (bcrypt ignores the rest): the API's own rule.
  const length = passwordLengthProblem(f.password);
  if (length) return { field: 'password', message: length };
  if (f.password !== f.confirmPassword)
    return { field: 'confirmPassword', message: AUTH_FORM_MESSAGES.passwordMatch };
  return null;
}

/** Change password (account page): the sign-up length rules, then the confirmation. */
export interface PasswordChangeValues {
  password: string;
  confirmPassword: string;
}

export function passwordChangeProblem(
  f: PasswordChangeValues,
): FormProblem<keyof PasswordChangeValues> | null {
  const length = passwordLengthProblem(f.password);
  if (length) return { field: 'password', message: length };
  if (f.password !== f.confirmPassword)
    return { field: 'confirmPassword', message: AUTH_FORM_MESSAGES.passwordMatch };
  return null;
}

export function verifyProblem(f: VerifyFormValues): FormProblem<keyof VerifyFormValues> | null {
  return f.code.length === 6 && f.code.every((d) => /^\d$/.test(d))
    ? null
    : { field: 'code', message: AUTH_FORM_MESSAGES.code };
}
