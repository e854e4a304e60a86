import * as contracts from '@wayfarer/contracts';
import {
  PASSWORD_MAX_BYTES,
  PASSWORD_TOO_LONG_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
  passwordByteLength,
  passwordLengthProblem,
} from '@wayfarer/contracts/password';

describe('password length rules', () => {
  it('counts UTF-8 bytes, as bcrypt does, not characters', () => {
    expect(passwordByteLength('abcdef')).toBe(6);
    expect(passwordByteLength('é')).toBe(2);
    expect(passwordByteLength('€')).toBe(3);
    expect(passwordByteLength('😀')).toBe(4);
  });

  it('accepts exactly 72 bytes and refuses 73, whatever the character count', () => {
    expect(PASSWORD_MAX_BYTES).toBe(72);
    expect(passwordLengthProblem('a'.repeat(72))).toBeNull();
    expect(passwordLengthProblem('a'.repeat(73))).toBe(PASSWORD_TOO_LONG_MESSAGE);
    // 37 characters, 74 bytes: the old 72-character rule let bcrypt cut it silently.
    const accented = 'é'.repeat(37);
    expect(accented.length).toBeLessThan(72);
    expect(passwordLengthProblem(accented)).toBe(PASSWORD_TOO_LONG_MESSAGE);
    expect(passwordLengthProblem('é'.repeat(36))).toBeNull();
    expect(passwordLengthProblem('😀'.repeat(18))).toBeNull();
    expect(passwordLengthProblem('😀'.repeat(18) + 'a')).toBe(PASSWORD_TOO_LONG_MESSAGE);
  });

  it('keeps the minimum of 6 characters', () => {
    expect(passwordLengthProblem('abcde')).toBe(PASSWORD_TOO_SHORT_MESSAGE);
    expect(passwordLengthProblem('abcdef')).toBeNull();
    expect(PASSWORD_TOO_LONG_MESSAGE).toMatch(/72 bytes/);
  });

  it('is exported from the package index and the zod-free subpath alike', () => {
    expect(contracts.passwordByteLength).toBe(passwordByteLength);
    expect(contracts.PASSWORD_MAX_BYTES).toBe(PASSWORD_MAX_BYTES);
  });
});
