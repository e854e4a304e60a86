// The language feature's public API (issue #19).
export { LanguageSync } from './language-sync';
