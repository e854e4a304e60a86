import { DEFAULT_LANGUAGE, matchLanguage, type Language } from '@wayfarer/contracts';

/** The sign-up code mail in each of the product's languages. */
const MAILS: Record<Language, { subject: string; text: (code: string, minutes: number) => string }> = {
  en: {
    subject: 'Your Wayfarer confirmation code',
    text: (code, m) =>
      `Your Wayfarer confirmation code is ${code}. It is valid for ${m} minute${m === 1 ? '' : 's'}.`,
  },
  fr: {
    subject: 'Votre code de confirmation Wayfarer',
    text: (code, m) =>
      `Votre code de confirmation Wayfarer est ${code}. Il est valable ${m} minute${m === 1 ? '' : 's'}.`,
  },
  de: {
    subject: 'Ihr Wayfarer-Bestätigungscode',
    text: (code, m) =>
      `Ihr Wayfarer-Bestätigungscode lautet ${code}. Er ist ${m} ${m === 1 ? 'Minute' : 'Minuten'} lang gültig.`,
  },
  es: {
    subject: 'Tu código de confirmación de Wayfarer',
    text: (code, m) =>
      `Tu código de confirmación de Wayfarer es ${code}. Es válido durante ${m} ${m === 1 ? 'minuto' : 'minutos'}.`,
  },
  it: {
    subject: 'Il tuo codice di conferma Wayfarer',
    text: (code, m) =>
      `Il tuo codice di conferma Wayfarer è ${code}. È valido per ${m} ${m === 1 ? 'minuto' : 'minuti'}.`,
  },
  ar: {
    subject: 'رمز تأكيد Wayfarer الخاص بك',
    text: (code, m) => `رمز تأكيد Wayfarer الخاص بك هو ${code}. وهو صالح لمدة ${arabicMinutes(m)}.`,
  },
};

/** Arabic counts minutes with its own plural forms (one, two, 3–10, 11 and more). */
function arabicMinutes(m: number): string {
  if (m === 1) return 'دقيقة واحدة';
  if (m === 2) return 'دقيقتين';
  if (m % 100 >= 3 && m % 100 <= 10) return `${m} دقائق`;
  return `${m} دقيقة`;
}

/**
 * The sign-up code mail in the language the sign-up gave (the `language` of the sign-up's user metadata, which the
 * login page sets to the page's language); English when it gave none or one the product does not speak.
 */
export function signupCodeMail(
  language: unknown,
  code: string,
  minutes: number,
): { subject: string; text: string; language: Language } {
  const lang = matchLanguage(typeof language === 'string' ? language : null) ?? DEFAULT_LANGUAGE;
  const mail = MAILS[lang];
  return { subject: mail.subject, text: mail.text(code, minutes), language: lang };
}

/** The e-mail change code mail (sent to the new address) in each of the product's languages. */
const CHANGE_MAILS: Record<Language, { subject: string; text: (code: string, minutes: number) => string }> = {
  en: {
    subject: 'Confirm your new Wayfarer e-mail address',
    text: (code, m) =>
      `Your code to confirm this address for your Wayfarer account is ${code}. It is valid for ${m} minute${m === 1 ? '' : 's'}. If you did not ask for this change, ignore this mail.`,
  },
  fr: {
    subject: 'Confirmez votre nouvelle adresse e-mail Wayfarer',
    text: (code, m) =>
      `Votre code pour confirmer cette adresse pour votre compte Wayfarer est ${code}. Il est valable ${m} minute${m === 1 ? '' : 's'}. Si vous n'avez pas demandé ce changement, ignorez ce message.`,
  },
  de: {
    subject: 'Bestätigen Sie Ihre neue Wayfarer-E-Mail-Adresse',
    text: (code, m) =>
      `Ihr Code zur Bestätigung dieser Adresse für Ihr Wayfarer-Konto lautet ${code}. Er ist ${m} ${m === 1 ? 'Minute' : 'Minuten'} lang gültig. Wenn Sie diese Änderung nicht angefordert haben, ignorieren Sie diese E-Mail.`,
  },
  es: {
    subject: 'Confirma tu nueva dirección de correo de Wayfarer',
    text: (code, m) =>
      `Tu código para confirmar esta dirección en tu cuenta de Wayfarer es ${code}. Es válido durante ${m} ${m === 1 ? 'minuto' : 'minutos'}. Si no pediste este cambio, ignora este correo.`,
  },
  it: {
    subject: 'Conferma il tuo nuovo indirizzo e-mail Wayfarer',
    text: (code, m) =>
      `Il tuo codice per confermare questo indirizzo per il tuo account Wayfarer è ${code}. È valido per ${m} ${m === 1 ? 'minuto' : 'minuti'}. Se non hai chiesto questa modifica, ignora questa e-mail.`,
  },
  ar: {
    subject: 'أكّد عنوان بريدك الإلكتروني الجديد في Wayfarer',
    text: (code, m) =>
      `رمز تأكيد هذا العنوان لحسابك في Wayfarer هو ${code}. وهو صالح لمدة ${arabicMinutes(m)}. إذا لم تطلب هذا التغيير، فتجاهل هذه الرسالة.`,
  },
};

/** The e-mail change code mail in the account's language (English when it has none the product speaks). */
export function emailChangeCodeMail(
  language: unknown,
  code: string,
  minutes: number,
): { subject: string; text: string; language: Language } {
  const lang = matchLanguage(typeof language === 'string' ? language : null) ?? DEFAULT_LANGUAGE;
  const mail = CHANGE_MAILS[lang];
  return { subject: mail.subject, text: mail.text(code, minutes), language: lang };
}
