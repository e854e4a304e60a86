import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@wayfarer/router';
import { errorText } from '@wayfarer/api-client';
import { clearUser, getSupabase } from '@wayfarer/session';
import { ErrorBox } from '@wayfarer/ui';
import { Field } from '@wayfarer/ui/forms';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useDeleteAccount } from '../../../lib/account-mutations';
import { useAccountText } from '../../../lib/account-text';

export { PasswordSection, validateNewPassword } from './password-section';

/** Log out the way the navbar does (clear the stored redirect, sign out), with a scope. */
export async function logOut(scope: 'local' | 'global'): Promise<void> {
  try {
    sessionStorage.removeItem('postLoginRedirect');
    localStorage.removeItem('postLoginRedirect');
  } catch {
    /* storage unavailable */
  }
  await getSupabase().auth.signOut({ scope });
  clearUser();
}

/**
 * Runs a task once this component has unmounted, i.e. once the navigation away from the guarded page has been
 * committed. Navigations are transitions: while the next page (a remote) loads, this page stays on screen, and a
 * sign-out finishing in that window would make the shell's guard send it to /login?next=/account instead of '/'.
 */
export function useAfterLeaving(): (task: () => void) => void {
  const pending = useRef<(() => void) | null>(null);
  useEffect(
    () => () => {
      const task = pending.current;
      pending.current = null;
      task?.();
    },
    [],
  );
  return (task) => {
    pending.current = task;
  };
}

export function SessionSection() {
  const { t } = useAccountText();
  const navigate = useNavigate();
  const afterLeaving = useAfterLeaving();
  const [busy, setBusy] = useState(false);
  const out = (scope: 'local' | 'global') => {
    setBusy(true);
    // Leave this guarded page first, sign out once it is gone (see useAfterLeaving).
    afterLeaving(
      () => void logOut(scope).catch((err: unknown) => console.error(errorText(err, t('session.failed')))),
    );
    navigate('/', { replace: true });
  };
  return (
    <section className="wf-card acc-section" aria-labelledby="acc-sessions">
      <h2 id="acc-sessions">{t('session.title')}</h2>
      <p className="wf-muted">{t('session.text')}</p>
      <div className="acc-actions">
        <button type="button" className="wf-btn wf-btn--ghost" onClick={() => out('local')} disabled={busy}>
          {t('session.logOut')}
        </button>
        <button type="button" className="wf-btn wf-btn--ghost" onClick={() => out('global')} disabled={busy}>
          {t('session.everywhere')}
        </button>
      </div>
    </section>
  );
}

export function DeleteAccountSection({ email }: { email: string }) {
  const { t } = useAccountText();
  const navigate = useNavigate();
  const afterLeaving = useAfterLeaving();
  const [typed, setTyped] = useState('');
  const deleteAccount = useDeleteAccount();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const matches = typed.trim().toLowerCase() === email.toLowerCase();

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await deleteAccount.mutateAsync(typed.trim());
      // The server already ended every session; leave the guarded page, then clear this tab's copy.
      afterLeaving(() => void logOut('local').catch(() => clearUser()));
      navigate('/', { replace: true });
    } catch (err) {
      setAsking(false);
      setBusy(false);
      setError(errorText(err, t('remove.failed')));
    }
  };

  return (
    <section className="wf-card acc-section acc-danger" aria-labelledby="acc-delete">
      <h2 id="acc-delete">{t('remove.title')}</h2>
      <p>{t('remove.text')}</p>
      <ErrorBox>{error}</ErrorBox>
      <Field label={t('remove.typeEmail')}>
        <input
          className="wf-input"
          type="email"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
        />
      </Field>
      <div className="acc-actions">
        <button
          type="button"
          className="wf-btn wf-btn--danger"
          disabled={!matches}
          onClick={() => setAsking(true)}
        >
          {t('remove.button')}
        </button>
      </div>
      {asking ? (
        <ConfirmDialog
          title={t('remove.confirmTitle')}
          confirmLabel={t('remove.confirm')}
          danger
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setAsking(false)}
        >
          <p>{t('remove.body', { email })}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
