// The language feature's public API.
export { LanguageSync } from './language-sync';
