import { lazySchema, lazyZodResolver } from '@wayfarer/ui/forms';
import type {
  LoginFormValues,
  PasswordChangeValues,
  ProfileFormValues,
  SignupFormValues,
  VerifyFormValues,
} from '@wayfarer/contracts/auth-rules';

/**
 * The account remote's form schemas from the contracts (login modes, profile, password change), imported on first
 * use (focus in a form, or its first submit): zod is not part of a page's first load.
 */
export const authForms = lazySchema(
  () => import(/* webpackChunkName: "auth-forms" */ '@wayfarer/contracts/auth-forms'),
);

export const loginResolver = lazyZodResolver<LoginFormValues>(() => authForms().then((m) => m.LoginForm));
export const signupResolver = lazyZodResolver<SignupFormValues>(() => authForms().then((m) => m.SignupForm));
export const profileResolver = lazyZodResolver<ProfileFormValues>(() =>
  authForms().then((m) => m.ProfileForm),
);
export const verifyResolver = lazyZodResolver<{ code: string[] }>(() =>
  authForms().then((m) => m.VerifyForm),
);

export const passwordChangeResolver = lazyZodResolver<PasswordChangeValues>(() =>
  authForms().then((m) => m.PasswordChangeForm),
);

export type { PasswordChangeValues, LoginFormValues, ProfileFormValues, SignupFormValues, VerifyFormValues };
