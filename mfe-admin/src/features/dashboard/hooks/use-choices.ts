import { useTranslation } from '@wayfarer/i18n';
import { ADMIN_NS } from '../../../i18n';

/** Choices whose labels are catalog keys, in the active language. */
export function useChoices<T extends string>(choices: readonly { value: T; label: string }[]) {
  const { t } = useTranslation(ADMIN_NS);
  return choices.map((c) => ({ value: c.value, label: t(c.label) }));
}
