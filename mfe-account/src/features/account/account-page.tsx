import { useState } from 'react';
import { Link } from '@wayfarer/router';
import { errorText } from '@wayfarer/api-client';
import { useCurrentUser, type CurrentUser } from '@wayfarer/session';
import { ErrorBox, InfoBox, Loading, Skeleton, usePageMeta } from '@wayfarer/ui';
import { LanguageSelect, useTranslation } from '@wayfarer/i18n';
import { ACCOUNT_NS } from '../../i18n';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { planStatusText } from '../../lib/plan-text';
import { useAccountText } from '../../lib/account-text';
import { useCancelSubscription } from '../../lib/account-mutations';
import { useMySubscription } from '../../lib/account-queries';
import { useProfile } from './api/profile-queries';
import { AvatarSection } from './components/avatar-section';
import { EmailSection } from './components/email-section';
import { ProfileSection } from './components/profile-section';
import { DeleteAccountSection, PasswordSection, SessionSection } from './components/security-sections';

function PlanSection() {
  const x = useAccountText();
  const { t } = x;
  const sub = useMySubscription();
  const cancelPlan = useCancelSubscription();
  const busy = cancelPlan.isPending;
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const s = sub.data;

  const cancel = async () => {
    setError(null);
    try {
      setInfo((await cancelPlan.mutateAsync()).message);
    } catch (err) {
      setError(errorText(err, t('plan.cancelFailed')));
    } finally {
      setAsking(false);
    }
  };

  return (
    <section className="wf-card acc-section" aria-labelledby="acc-plan">
      <h2 id="acc-plan">{t('plan.title')}</h2>
      {sub.loading && !s ? (
        <Skeleton height={60} />
      ) : sub.error || !s ? (
        <div className="acc-stack">
          <ErrorBox>{sub.error}</ErrorBox>
          <button type="button" className="wf-btn wf-btn--ghost" onClick={sub.reload}>
            {t('plan.retry')}
          </button>
        </div>
      ) : (
        <>
          <div aria-live="polite">
            <ErrorBox>{error}</ErrorBox>
            {!error ? <InfoBox>{info}</InfoBox> : null}
          </div>
          <p data-testid="account-plan">
            <strong>{x.plan(s.plan)}</strong>
            {s.period ? ` (${t(`planText.${s.period}`)})` : ''}
            {s.status === 'trialing' ? ` · ${t('plan.trial')}` : ''}
          </p>
          <p className="wf-muted">{planStatusText(s, x)}</p>
          <div className="acc-actions">
            <Link className="wf-btn wf-btn--ghost" to="/pricing">
              {t('plan.change')}
            </Link>
            <Link className="wf-btn wf-btn--ghost" to="/overview">
              {t('plan.overview')}
            </Link>
            {s.status !== 'free' && !s.cancel_at_period_end ? (
              <button type="button" className="wf-btn wf-btn--ghost" onClick={() => setAsking(true)}>
                {t('plan.cancel')}
              </button>
            ) : null}
          </div>
          {asking ? (
            <ConfirmDialog
              title={t('plan.cancelTitle', { plan: x.plan(s.plan) })}
              confirmLabel={t('plan.confirm')}
              cancelLabel={t('plan.keep')}
              busy={busy}
              onConfirm={() => void cancel()}
              onCancel={() => setAsking(false)}
            >
              <p>{s.status === 'trialing' ? t('plan.trialNote') : t('plan.paidNote')}</p>
            </ConfirmDialog>
          ) : null}
        </>
      )}
    </section>
  );
}

/** /account: profile, avatar, e-mail, plan, password, sign-out and account deletion. */
export function AccountPage() {
  const { t } = useTranslation(ACCOUNT_NS);
  usePageMeta({ title: t('account.metaTitle'), description: t('account.metaDescription'), noindex: true });
  const user = useCurrentUser();
  if (!user) return <Loading message={t('account.checking')} />;
  return <AccountSections user={user} />;
}

function AccountSections({ user }: { user: CurrentUser }) {
  const { t } = useTranslation(ACCOUNT_NS);
  // The profile row's picture once it is read (the avatar writes update it), the signed-in user's until then.
  const profile = useProfile(user.id);
  const avatar = profile.data ? profile.data.avatar_url : user.avatar_url;
  return (
    <div className="wf-container wf-page acc-page">
      <h1>{t('account.title')}</h1>
      <div className="acc-columns">
        <div className="acc-stack">
          <ProfileSection userId={user.id} />
          <AvatarSection userId={user.id} avatarUrl={avatar} />
          <EmailSection email={user.email} />
          <section className="wf-card acc-section" aria-labelledby="acc-language">
            <h2 id="acc-language">{t('account.languageTitle')}</h2>
            <LanguageSelect />
            <p className="wf-muted">{t('account.languageHelp')}</p>
          </section>
        </div>
        <div className="acc-stack">
          <PlanSection />
          <PasswordSection />
          <SessionSection />
          <DeleteAccountSection email={user.email} />
        </div>
      </div>
    </div>
  );
}
