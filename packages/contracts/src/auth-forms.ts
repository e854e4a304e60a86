import { z } from 'zod';
import {
  loginProblem,
  passwordChangeProblem,
  profileProblem,
  signupProblem,
  verifyProblem,
  type FormProblem,
  type LoginFormValues,
  type PasswordChangeValues,
  type ProfileFormValues,
  type SignupFormValues,
  type VerifyFormValues,
} from './auth-rules';
import {
  PASSWORD_MAX_BYTES,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_LONG_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
  passwordByteLength,
} from './password';

/**
 * The zod schemas of the login page's four forms (login, signup, verify, profile). Each reports at most one issue,
 * the first rule of spec point 5 the values break, at the path of the field it is about (the form marks and focuses
 * that field). The browser loads this module lazily (it holds zod): `import('@wayfarer/contracts/auth-forms')`.
 */
const birthday = z.object({ day: z.string(), month: z.string(), year: z.string() });

function firstProblem<T>(problem: (v: T) => FormProblem | null) {
  return (v: T, ctx: z.RefinementCtx) => {
    const p = problem(v);
    if (p) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [p.field], message: p.message });
  };
}

export const LoginForm = z
  .object({ email: z.string(), password: z.string() })
  .superRefine(firstProblem<LoginFormValues>(loginProblem));
export const ProfileForm = z
  .object({ displayName: z.string(), birthday, gender: z.string() })
  .superRefine(firstProblem<ProfileFormValues>(profileProblem));
export const SignupForm = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    displayName: z.string(),
    birthday,
    gender: z.string(),
    email: z.string(),
    password: z.string(),
    confirmPassword: z.string(),
  })
  .superRefine(firstProblem<SignupFormValues>(signupProblem));
export const VerifyForm = z
  .object({ code: z.array(z.string()) })
  .superRefine(firstProblem<VerifyFormValues>(verifyProblem));

/**
 * The password rule of sign-up and password change, as the API's /auth/v1 routes validate it: at least 6
 * characters, at most 72 UTF-8 bytes (bcrypt reads no more).
 */
export const NewPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE)
  .refine((p) => passwordByteLength(p) <= PASSWORD_MAX_BYTES, PASSWORD_TOO_LONG_MESSAGE);

/** Change password on the account page; the API checks the new password with `NewPassword` (PUT /auth/v1/user). */
export const PasswordChangeForm = z
  .object({ password: z.string(), confirmPassword: z.string() })
  .superRefine(firstProblem<PasswordChangeValues>(passwordChangeProblem));
