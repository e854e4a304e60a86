import { AUTH_FORM_MESSAGES } from '@wayfarer/contracts/auth-rules';
import {
  PASSWORD_MAX_BYTES,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_COMMON_MESSAGE,
  PASSWORD_TOO_LONG_MESSAGE,
} from '@wayfarer/contracts/password';
import { formatUsd, type PlanId } from '@wayfarer/contracts/browser';
import {
  activeLanguage,
  formatters,
  i18n,
  useFormat,
  useTranslation,
  type Formatters,
  type TFunction,
} from '@wayfarer/i18n';
import { ACCOUNT_NS } from '../i18n';

/**
 * The English messages the rules, the auth server's mapping and the queries produce (spec point 5 keeps them in
 * English), by their catalog key: shown in the active language. A message from the API that is not one of
 * these stays as sent.
 */
const MESSAGE_KEYS = new Map<string, string>([
  ...Object.entries(AUTH_FORM_MESSAGES).map(([k, v]) => [v, `msg.${k}`] as [string, string]),
  [PASSWORD_TOO_LONG_MESSAGE, 'msg.passwordLong'],
  [PASSWORD_TOO_COMMON_MESSAGE, 'msg.passwordCommon'],
  ['User already exists.', 'msg.userExists'],
  ['Invalid email or password.', 'msg.invalidLogin'],
  ['Please confirm your email first.', 'msg.confirmEmail'],
  ['Login failed', 'msg.loginFailed'],
  ['That code has expired. Tap "Resend code".', 'msg.codeExpired'],
  ['That code is not correct. Try again or resend.', 'msg.codeWrong'],
  ['Not authenticated', 'msg.notAuthenticated'],
  ['OAuth error', 'msg.oauth'],
  ['Authentication required', 'load.auth'],
  ['Choose a JPEG, PNG, WebP or GIF image.', 'avatar.badType'],
  ['Failed to load your overview', 'load.overview'],
  ['Failed to load your plan', 'load.plan'],
  ['Failed to load your payments', 'load.payments'],
  ['Failed to load your current plan', 'load.currentPlan'],
  ['Failed to load the shop', 'load.shop'],
  ['Failed to load your purchases', 'load.purchases'],
  ['Could not load your profile', 'load.profile'],
  ['Could not save profile', 'profile.saveFailed'],
  ['The image is larger than 10 MB.', 'avatar.tooLarge'],
]);

/** A known English message in the active language; any other text (an API's) unchanged. */
export function translateMessage(text: string, t: TFunction = i18n.getFixedT(null, ACCOUNT_NS)): string {
  const key = MESSAGE_KEYS.get(text);
  return key ? t(key, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_BYTES }) : text;
}

/** The auth server's error codes (GoTrue's) that the account forms explain in the active language. */
const AUTH_ERROR_KEYS: Record<string, string> = {
  weak_password: 'msg.passwordCommon',
  current_password_mismatch: 'msg.currentPasswordWrong',
  reauthentication_needed: 'msg.reauthNeeded',
  email_exists: 'msg.emailTaken',
  otp_invalid: 'msg.codeWrong',
  otp_expired: 'msg.codeExpired',
  over_request_rate_limit: 'msg.tooManyTries',
};

/**
 * An auth error (supabase-js's AuthError: `code`, `message`) as the forms show it: a known code in the active
 * language, else its message (translated when it is one of ours), else the fallback.
 */
export function authErrorText(
  err: { code?: string; message?: string } | null | undefined,
  t: TFunction,
  fallback: string,
): string {
  const key = err?.code ? AUTH_ERROR_KEYS[err.code] : undefined;
  if (key) return t(key);
  return err?.message ? translateMessage(err.message, t) : fallback;
}

/** The account remote's messages and formats in the active language. */
export interface AccountText {
  t: TFunction;
  f: Formatters;
  /** '1,250 coins' in the locale. */
  coins(n: number): string;
  /** A day ('Nov 27, 2026') in the locale, '' for none or an invalid date. */
  date(iso: string | null | undefined): string;
  /** US dollars from cents in the locale. */
  usd(cents: number): string;
  plan(id: PlanId): string;
  message(text: string): string;
}

export function accountText(t: TFunction, f: Formatters): AccountText {
  return {
    t,
    f,
    coins: (n) => t('coins', { count: n, n: f.number(n) }),
    date: (iso) => {
      if (!iso) return '';
      const d = new Date(iso);
      return Number.isNaN(d.getTime())
        ? ''
        : f.date(d, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
    },
    usd: (cents) => formatUsd(cents, f.locale),
    plan: (id) => t(`plans.${id}`),
    message: (text) => translateMessage(text, t),
  };
}

/** Outside a component (and in tests): the active language's texts. */
export function currentAccountText(): AccountText {
  return accountText(i18n.getFixedT(null, ACCOUNT_NS), formatters(activeLanguage()));
}

export function useAccountText(): AccountText {
  const { t } = useTranslation(ACCOUNT_NS);
  const f = useFormat();
  return accountText(t, f);
}
