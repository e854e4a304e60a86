import { i18n } from '@wayfarer/i18n';
import enCommerce from './locales/en-commerce';
import { ACCOUNT_NS } from './i18n';

// The shop, subscription and payment pages' English messages join the account catalog when the first module that
// shows them is evaluated, before any of its components renders (see locales/en-commerce.ts).
i18n.addResourceBundle('en', ACCOUNT_NS, enCommerce, true, false);
