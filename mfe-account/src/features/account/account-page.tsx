import { useState } from 'react';
import { Link } from '@wayfarer/router';
import { PRICING_PLANS } from '@wayfarer/contracts/browser';
import { errorText } from '@wayfarer/api-client';
import { useCurrentUser, type CurrentUser } from '@wayfarer/session';
import { ErrorBox, InfoBox, Loading, Skeleton, usePageMeta } from '@wayfarer/ui';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { planStatusText } from '../../lib/plan-text';
import { useCancelSubscription } from '../../lib/account-mutations';
import { useMySubscription } from '../../lib/account-queries';
import { useProfile } from './api/profile-queries';
import { AvatarSection } from './components/avatar-section';
import { ProfileSection } from './components/profile-section';
import { DeleteAccountSection, PasswordSection, SessionSection } from './components/security-sections';

function PlanSection() {
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
      setError(errorText(err, 'Could not cancel the plan'));
    } finally {
      setAsking(false);
    }
  };

  return (
    <section className="wf-card acc-section" aria-labelledby="acc-plan">
      <h2 id="acc-plan">Plan</h2>
      {sub.loading && !s ? (
        <Skeleton height={60} />
      ) : sub.error || !s ? (
        <div className="acc-stack">
          <ErrorBox>{sub.error}</ErrorBox>
          <button type="button" className="wf-btn wf-btn--ghost" onClick={sub.reload}>
            Try again
          </button>
        </div>
      ) : (
        <>
          <div aria-live="polite">
            <ErrorBox>{error}</ErrorBox>
            {!error ? <InfoBox>{info}</InfoBox> : null}
          </div>
          <p data-testid="account-plan">
            <strong>{PRICING_PLANS[s.plan].name}</strong>
            {s.period ? ` (${s.period})` : ''}
            {s.status === 'trialing' ? ' · free trial' : ''}
          </p>
          <p className="wf-muted">{planStatusText(s)}</p>
          <div className="acc-actions">
            <Link className="wf-btn wf-btn--ghost" to="/pricing">
              Change plan
            </Link>
            <Link className="wf-btn wf-btn--ghost" to="/overview">
              Overview
            </Link>
            {s.status !== 'free' && !s.cancel_at_period_end ? (
              <button type="button" className="wf-btn wf-btn--ghost" onClick={() => setAsking(true)}>
                Cancel plan
              </button>
            ) : null}
          </div>
          {asking ? (
            <ConfirmDialog
              title={`Cancel ${PRICING_PLANS[s.plan].name}?`}
              confirmLabel="Cancel at the end of this cycle"
              cancelLabel="Keep my plan"
              busy={busy}
              onConfirm={() => void cancel()}
              onCancel={() => setAsking(false)}
            >
              <p>
                {s.status === 'trialing'
                  ? 'Your free trial continues until it ends; then you move to Free and nothing is charged.'
                  : 'You keep your plan until the end of the paid cycle; then you move to Free. Nothing more is charged.'}
              </p>
            </ConfirmDialog>
          ) : null}
        </>
      )}
    </section>
  );
}

/** /account: profile, avatar, e-mail, plan, password, sign-out and account deletion. */
export function AccountPage() {
  usePageMeta({
    title: 'Account',
    description: 'Manage your Wayfarer profile, plan and sign-in.',
    noindex: true,
  });
  const user = useCurrentUser();
  if (!user) return <Loading message="Checking your session…" />;
  return <AccountSections user={user} />;
}

function AccountSections({ user }: { user: CurrentUser }) {
  // The profile row's picture once it is read (the avatar writes update it), the signed-in user's until then.
  const profile = useProfile(user.id);
  const avatar = profile.data ? profile.data.avatar_url : user.avatar_url;
  return (
    <div className="wf-container wf-page acc-page">
      <h1>Account</h1>
      <div className="acc-columns">
        <div className="acc-stack">
          <ProfileSection userId={user.id} />
          <AvatarSection userId={user.id} avatarUrl={avatar} />
          <section className="wf-card acc-section" aria-labelledby="acc-email">
            <h2 id="acc-email">E-mail</h2>
            <p data-testid="account-email">{user.email}</p>
            <p className="wf-muted">Your sign-in address. It cannot be changed here.</p>
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
