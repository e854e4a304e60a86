import { lazySchema, lazyZodResolver } from '@wayfarer/ui/forms';
import type { LoginFormValues, ProfileFormValues, SignupFormValues, VerifyFormValues } from '@wayfarer/contracts/browser';

/**
 * The login page's zod schemas from the contracts, imported on first use (focus in a form, or its first submit):
 * zod is not part of the page's first load. The four modes validate with these resolvers.
 */
export const authForms = lazySchema(() => import(/* webpackChunkName: "auth-forms" */ '@wayfarer/contracts/auth-forms'));

export const loginResolver = lazyZodResolver<LoginFormValues>(() => authForms().then((m) => m.LoginForm));
export const signupResolver = lazyZodResolver<SignupFormValues>(() => authForms().then((m) => m.SignupForm));
export const profileResolver = lazyZodResolver<ProfileFormValues>(() => authForms().then((m) => m.ProfileForm));
export const verifyResolver = lazyZodResolver<{ code: string[] }>(() => authForms().then((m) => m.VerifyForm));

export type { LoginFormValues, ProfileFormValues, SignupFormValues, VerifyFormValues };
