import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { getSupabase } from '@wayfarer/session';
import { useAuthForm } from '../../../lib/use-auth-form';
import type { ProfileDraft } from '../hooks/use-login-session';
import { profileResolver, type ProfileFormValues } from '../../../lib/auth-forms';
import { birthdayToIso } from '../utils/login-rules';
import { ProfileFieldset } from './auth-fields';
import { LoginCard } from './login-card';
import type { LoginStatus } from './login-status';
import { useTranslation } from '@wayfarer/i18n';
import { ACCOUNT_NS } from '../../../i18n';

const ORDER = ['displayName', 'birthday', 'gender'] as const;

/** Complete your profile: display name, birthday, gender, 'Save & continue' (blocking 'Saving your profile…'). */
export function ProfileForm({
  status,
  draft,
  onSaved,
}: {
  status: LoginStatus;
  draft: ProfileDraft;
  onSaved: () => void;
}) {
  const { t } = useTranslation(ACCOUNT_NS);
  const [saving, setSaving] = useState(false);
  const { form, fieldErrors, submit, warm } = useAuthForm<ProfileFormValues>({
    resolver: profileResolver,
    defaultValues: draft,
    order: ORDER,
    onSubmitStart: () => status.setError(null),
  });

  const save = async (v: ProfileFormValues) => {
    setSaving(true);
    try {
      const sb = getSupabase();
      const { data } = await sb.auth.getUser();
      if (!data.user) {
        status.setError('Not authenticated');
        return;
      }
      const { error } = await sb.from('profiles').upsert(
        {
          id: data.user.id,
          display_name: v.displayName.trim(),
          gender: v.gender,
          birthdate: birthdayToIso(v.birthday),
        },
        { onConflict: 'id' },
      );
      if (error) {
        status.setError(error.message || t('login.saveFailed'));
        return;
      }
      onSaved();
    } catch (x) {
      status.setError((x as Error).message || t('login.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormProvider {...form}>
      <LoginCard
        title={t('login.titleProfile')}
        onSubmit={submit(save)}
        onFocus={warm}
        fieldErrors={fieldErrors}
        error={status.error}
        info={status.info}
      >
        <ProfileFieldset aria={fieldErrors.aria} />
        <button type="submit" className="wf-btn wf-btn--primary" disabled={saving}>
          {t('login.saveContinue')}
        </button>
        {saving && (
          <div role="status" aria-live="polite" className="account-blocking">
            {t('login.saving')}
          </div>
        )}
      </LoginCard>
    </FormProvider>
  );
}
