import { PRICING_PLANS, type PlanId } from './pricing';

/** Guides a plan allows per calendar month (UTC); null = no monthly limit. */
export const guideMonthlyLimit = (plan: PlanId): number | null => PRICING_PLANS[plan].guidesPerMonth;

/** Error code of the 429 answer when the monthly allowance is used up. */
export const GUIDE_LIMIT_CODE = 'guide_limit_reached';
/** Error code of the 429 answer when the user already has as many guides waiting or being made as allowed. */
export const GUIDE_QUEUE_FULL_CODE = 'guide_queue_full';
export const GUIDE_TIMEOUT_MS = 120_000;

/** The languages a guide is written and spoken in: English, French, German, Spanish, Italian, Arabic. */
export const GUIDE_LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'ar'] as const;
/** Each language's name in English (the UI's labels until they are translated). */
export const GUIDE_LANGUAGE_NAMES: Record<(typeof GUIDE_LANGUAGES)[number], string> = {
  en: 'English',
  fr: 'French',
  de: 'German',
  es: 'Spanish',
  it: 'Italian',
  ar: 'Arabic',
};
