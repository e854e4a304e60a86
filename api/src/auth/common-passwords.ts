import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_TOO_COMMON_CODE, PASSWORD_TOO_COMMON_MESSAGE } from '@wayfarer/contracts/password';
import { AuthError } from './accounts';

/**
 * The most common passwords, refused at sign-up and password change: the head of zxcvbn-ts's ranked list of leaked
 * passwords (@zxcvbn-ts/language-common, MIT, maintained with the zxcvbn-ts password estimator), compared without
 * case. The first ten thousand are the ones guessing tools try first.
 */
export const COMMON_PASSWORD_COUNT = 10_000;

let common: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()),
  );
  return common.has(password.toLowerCase());
}

/** 422 weak_password (GoTrue's answer to a password it knows to be weak) when the password is a common one. */
export function refuseCommonPassword(password: string | undefined): void {
  if (password !== undefined && isCommonPassword(password)) {
    throw new AuthError(422, PASSWORD_TOO_COMMON_CODE, PASSWORD_TOO_COMMON_MESSAGE);
  }
}
