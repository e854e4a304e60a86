import { useTranslation } from '@wayfarer/i18n';
import { ACCOUNT_NS } from '../../../i18n';

/** The cookie question shown when 'Stay logged in' is ticked without a prior acceptance. */
export function CookieOverlay({ onAccept, onDecline }: { onAccept: () => void; onDecline: () => void }) {
  const { t } = useTranslation(ACCOUNT_NS);
  return (
    <div className="account-cookie" role="dialog" aria-modal="true" aria-labelledby="account-cookie-title">
      <div className="wf-card">
        <h2 id="account-cookie-title">{t('login.cookiesTitle')}</h2>
        <p>{t('login.cookiesText')}</p>
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog moves focus into itself (WAI-ARIA dialog pattern) */}
        <button type="button" className="wf-btn wf-btn--primary" onClick={onAccept} autoFocus>
          {t('login.accept')}
        </button>
        <button type="button" className="wf-btn" onClick={onDecline}>
          {t('login.decline')}
        </button>
      </div>
    </div>
  );
}
