import { ErrorBox, InfoBox } from '@wayfarer/ui';
import { Field } from '@wayfarer/ui/forms';
import { useAccountText } from '../../../lib/account-text';
import { useEmailChange } from '../hooks/use-email-change';

/** The sign-in address and its two-step change (new address and password, then the mailed code). */
export function EmailSection({ email }: { email: string }) {
  const { t } = useAccountText();
  const {
    newEmail,
    setNewEmail,
    current,
    setCurrent,
    pending,
    code,
    setCode,
    busy,
    error,
    info,
    request,
    confirm,
    cancel,
  } = useEmailChange(email);

  const messages = (
    <div aria-live="polite">
      <ErrorBox>{error}</ErrorBox>
      {!error ? <InfoBox>{info}</InfoBox> : null}
    </div>
  );

  return (
    <section className="wf-card acc-section" aria-labelledby="acc-email">
      <h2 id="acc-email">{t('account.emailTitle')}</h2>
      <p data-testid="account-email">{email}</p>
      <p className="wf-muted">{t('account.emailHelp')}</p>
      {pending ? (
        <form className="acc-form" onSubmit={confirm} noValidate aria-label={t('emailChange.confirm')}>
          {messages}
          <Field label={t('emailChange.code')}>
            <input
              className="wf-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </Field>
          <div className="acc-actions">
            <button type="submit" className="wf-btn" disabled={busy}>
              {busy ? t('common.working') : t('emailChange.confirm')}
            </button>
            <button type="button" className="wf-btn wf-btn--ghost" disabled={busy} onClick={cancel}>
              {t('common.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <form className="acc-form" onSubmit={request} noValidate aria-label={t('emailChange.title')}>
          {messages}
          <Field label={t('emailChange.newEmail')}>
            <input
              className="wf-input"
              type="email"
              autoComplete="email"
              value={newEmail}
              onChange={(e) => setNewEmail(e.target.value)}
            />
          </Field>
          <Field label={t('password.current')}>
            <input
              className="wf-input"
              type="password"
              autoComplete="current-password"
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
            />
          </Field>
          <div className="acc-actions">
            <button type="submit" className="wf-btn" disabled={busy}>
              {busy ? t('common.working') : t('emailChange.submit')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
