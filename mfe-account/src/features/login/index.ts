// The login feature's public API: the birthday conversions the account page's profile form shares.
export { birthdayToIso, birthYears, daysInMonth, isoToBirthday, type Birthday } from './utils/login-rules';
