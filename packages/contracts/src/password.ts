/**
 * The password rules of sign-up and password change, shared by the API and the login/account forms.
 * bcrypt reads only the first 72 bytes of a password, so the upper limit counts UTF-8 bytes, not characters:
 * a longer password would be silently cut and its tail ignored. No zod here, so a browser remote can import
 * `@wayfarer/contracts/password` without pulling the schema library.
 */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_BYTES = 72;

/** The length messages around their number: the rules give the limit, a catalog its placeholder ('{{min}}'). */
export const passwordTooShortMessage = (min: number | string) =>
  `Password should be at least ${min} characters.`;
export const passwordTooLongMessage = (max: number | string) =>
  `Password is too long: at most ${max} bytes (letters with accents and other non-ASCII characters count as 2 to 4).`;

export const PASSWORD_TOO_SHORT_MESSAGE = passwordTooShortMessage(PASSWORD_MIN_LENGTH);
export const PASSWORD_TOO_LONG_MESSAGE = passwordTooLongMessage(PASSWORD_MAX_BYTES);

const encoder = new TextEncoder();

/** UTF-8 length of a password, as bcrypt sees it (a lone surrogate counts as U+FFFD, 3 bytes). */
export function passwordByteLength(password: string): number {
  return encoder.encode(password).length;
}

/** The message of the first length rule the password breaks, or null when its length is acceptable. */
export function passwordLengthProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT_MESSAGE;
  if (passwordByteLength(password) > PASSWORD_MAX_BYTES) return PASSWORD_TOO_LONG_MESSAGE;
  return null;
}

/**
 * The API's answer (422 `weak_password`, GoTrue's code and message) to a password on the list of the most common
 * ones, at sign-up and password change; the forms show their own catalog's text for that code.
 */
export const PASSWORD_TOO_COMMON_CODE = 'weak_password';
export const PASSWORD_TOO_COMMON_MESSAGE =
  'Password is known to be weak and easy to guess, please choose a different one.';
