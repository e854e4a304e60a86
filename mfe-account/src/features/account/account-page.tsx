import { useState } from 'react';
import { Link } from '@wayfarer/router';
import { PRICING_PLANS } from '@wayfarer/contracts/browser';
import { useQueryClient } from '@tanstack/react-query';
import type { SubscriptionResponse } from '@wayfarer/contracts';
import { cancelSubscription } from '@wayfarer/api-client';
import { getAccessToken, useCurrentUser } from '@wayfarer/session';
import { ErrorBox, InfoBox, Loading, Skeleton, usePageMeta } from '@wayfarer/ui';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { planStatusText } from '../../lib/plan-text';
import { accountKeys } from '../../lib/account-keys';
import { errorText, useMySubscription } from '../../lib/account-queries';
import { AvatarSection } from './components/avatar-section';
import { ProfileSection } from './components/profile-section';
import { DeleteAccountSection, PasswordSection, SessionSection } from './components/security-sections';

function PlanSection() {
  const sub = useMySubscription();
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const s = sub.data;

  const cancel = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await cancelSubscription(await getAccessToken());
      // The answer is the new state: the cached plan takes it.
      client.setQueryData<SubscriptionResponse>(accountKeys.subscription(), (old) => (old ? { ...old, subscription: res.subscription } : old));
      setInfo(res.message);
    } catch (err) {
      setError(errorText(err, 'Could not cancel the plan'));
    } finally {
      setBusy(false);
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
          <button type="button" className="wf-btn wf-btn--ghost" onClick={sub.reload}>Try again</button>
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
            <Link className="wf-btn wf-btn--ghost" to="/pricing">Change plan</Link>
            <Link className="wf-btn wf-btn--ghost" to="/overview">Overview</Link>
            {s.status !== 'free' && !s.cancel_at_period_end ? (
              <button type="button" className="wf-btn wf-btn--ghost" onClick={() => setAsking(true)}>Cancel plan</button>
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
  usePageMeta({ title: 'Account', description: 'Manage your Wayfarer profile, plan and sign-in.', noindex: true });
  const user = useCurrentUser();
  const [avatar, setAvatar] = useState<string | null | undefined>(undefined);
  if (!user) return <Loading message="Checking your session…" />;
  return (
    <div className="wf-container wf-page acc-page">
      <h1>Account</h1>
      <div className="acc-columns">
        <div className="acc-stack">
          <ProfileSection userId={user.id} onLoaded={(p) => setAvatar((a) => (a === undefined ? p.avatar_url : a))} />
          <AvatarSection avatarUrl={avatar === undefined ? user.avatar_url : avatar} onChange={setAvatar} />
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
