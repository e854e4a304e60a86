import { ErrorBox, InfoBox } from '@wayfarer/ui';
import { Field } from '@wayfarer/ui/forms';
import { useAccountText } from '../../../lib/account-text';
import { useEmailChange } from '../hooks/use-email-change';

/** The sign-in address and its two-step change (new address and password, then the mailed code). */
export function EmailSection({ email }: { email: string }) {
  const { t } = useAccountText();
  const change = useEmailChange(email);

  const messages = (
    <div aria-live="polite">
      <ErrorBox>{change.error}</ErrorBox>
      {!change.error ? <InfoBox>{change.info}</InfoBox> : null}
    </div>
  );

  return (
    <section className="wf-card acc-section" aria-labelledby="acc-email">
      <h2 id="acc-email">{t('account.emailTitle')}</h2>
      <p data-testid="account-email">{email}</p>
      <p className="wf-muted">{t('account.emailHelp')}</p>
      {change.pending ? (
        <form className="acc-form" onSubmit={change.confirm} noValidate aria-label={t('emailChange.confirm')}>
          {messages}
          <Field label={t('emailChange.code')}>
            <input
              className="wf-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={change.code}
              onChange={(e) => change.setCode(e.target.value)}
            />
          </Field>
          <div className="acc-actions">
            <button type="submit" className="wf-btn" disabled={change.busy}>
              {change.busy ? t('common.working') : t('emailChange.confirm')}
            </button>
            <button
              type="button"
              className="wf-btn wf-btn--ghost"
              disabled={change.busy}
              onClick={change.cancel}
            >
              {t('common.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <form className="acc-form" onSubmit={change.request} noValidate aria-label={t('emailChange.title')}>
          {messages}
          <Field label={t('emailChange.newEmail')}>
            <input
              className="wf-input"
              type="email"
              autoComplete="email"
              value={change.newEmail}
              onChange={(e) => change.setNewEmail(e.target.value)}
            />
          </Field>
          <Field label={t('password.current')}>
            <input
              className="wf-input"
              type="password"
              autoComplete="current-password"
              value={change.current}
              onChange={(e) => change.setCurrent(e.target.value)}
            />
          </Field>
          <div className="acc-actions">
            <button type="submit" className="wf-btn" disabled={change.busy}>
              {change.busy ? t('common.working') : t('emailChange.submit')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
