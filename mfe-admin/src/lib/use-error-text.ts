import { useCallback } from 'react';
import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../i18n';
import en from '../locales/en';

/** The screens' own fallback messages (English, the spec's wording) by text, to their catalog keys. */
const KEY_OF = new Map(Object.entries(en.errors).map(([k, v]) => [v as string, `errors.${k}`]));
/** The spec's messages that carry an HTTP status. */
const WITH_STATUS: readonly [RegExp, string][] = [
  [/^HTTP (\d{3})$/, 'errors.http'],
  [/^User growth fetch failed: (\d{3})$/, 'errors.growthStatus'],
  [/^Analytics fetch failed: (\d{3})$/, 'errors.analyticsStatus'],
];

/**
 * An error as the screen shows it: one of admin's own fallback messages in the active language (English stays
 * the spec's wording), anything else (the server's own text) as sent.
 */
export function useErrorText() {
  const { t } = useTranslation(ADMIN_NS);
  return useCallback(
    (message: string | null | undefined): string | null => {
      if (!message) return null;
      const key = KEY_OF.get(message);
      if (key) return t(key);
      for (const [re, k] of WITH_STATUS) {
        const m = re.exec(message);
        if (m) return t(k, { status: m[1] });
      }
      return message;
    },
    [t],
  );
}
