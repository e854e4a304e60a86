import { useState, type FormEvent } from 'react';
import { AUTH_FORM_MESSAGES } from '@wayfarer/contracts/auth-rules';
import { errorText } from '@wayfarer/api-client';
import { getSupabase } from '@wayfarer/session';
import { authErrorText, useAccountText } from '../../../lib/account-text';

/**
 * The sign-in address and its change. A new address applies only once the code the server mails to it is entered
 * (GoTrue's e-mail change: updateUser({ email }) answers `new_email`, verifyOtp type 'email_change' applies it), so
 * the form has two steps: the new address (with the current password, which the server asks for unless this
 * session signed in a few minutes ago), then the code.
 */
export function useEmailChange(email: string) {
  const { t, message } = useAccountText();
  const [newEmail, setNewEmail] = useState('');
  const [current, setCurrent] = useState('');
  const [pending, setPending] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);

  const run = async (task: () => Promise<void>) => {
    setError(null);
    setInfo(null);
    setBusy(true);
    try {
      await task();
    } catch (err) {
      setError(errorText(err, t('emailChange.failed')));
    } finally {
      setBusy(false);
    }
  };

  const request = (e: FormEvent) => {
    e.preventDefault();
    const to = newEmail.trim().toLowerCase();
    if (!to.includes('@')) {
      setError(message(AUTH_FORM_MESSAGES.email));
      return;
    }
    if (to === email.toLowerCase()) {
      setError(t('emailChange.same'));
      return;
    }
    void run(async () => {
      const { error: err } = await getSupabase().auth.updateUser(
        current ? { email: to, current_password: current } : { email: to },
      );
      if (err) {
        setError(authErrorText(err, t, t('emailChange.failed')));
        return;
      }
      setPending(to);
      setCurrent('');
      setCode('');
      setInfo(t('emailChange.sent', { email: to }));
    });
  };

  const confirm = (e: FormEvent) => {
    e.preventDefault();
    if (!pending) return;
    const token = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(token)) {
      setError(message(AUTH_FORM_MESSAGES.code));
      return;
    }
    void run(async () => {
      const { error: err } = await getSupabase().auth.verifyOtp({
        email: pending,
        token,
        type: 'email_change',
      });
      if (err) {
        setError(authErrorText(err, t, t('emailChange.failed')));
        return;
      }
      setInfo(t('emailChange.changed', { email: pending }));
      setPending(null);
      setNewEmail('');
      setCode('');
    });
  };

  const cancel = () => {
    setPending(null);
    setError(null);
    setInfo(null);
  };

  return {
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
  };
}
