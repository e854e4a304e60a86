import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import type { ProfileFormValues } from '@wayfarer/contracts/auth-rules';
import { errorText } from '@wayfarer/api-client';
import { ErrorBox } from '@wayfarer/ui';
import { Field, lazyZodResolver } from '@wayfarer/ui/forms';
import { BirthdayGenderFields } from '../../../components/profile-fields';
import { authForms } from '../../../lib/auth-forms';
import { useAuthForm } from '../../../lib/use-auth-form';
import { useAccountText } from '../../../lib/account-text';
import { birthdayToIso, isoToBirthday } from '../../login';
import { saveProfile, type ProfileFields, type ProfileRow } from '../api/profile-api';

type ProfileEditValues = ProfileFormValues & { firstName: string; lastName: string };
/** The login page's profile rules (spec point 5, in order); first and last name are optional here. */
const resolver = lazyZodResolver<ProfileEditValues>(() => authForms().then((m) => m.ProfileForm));
const ORDER = ['displayName', 'firstName', 'lastName', 'birthday', 'gender'] as const;

interface Props {
  userId: string;
  profile: ProfileRow;
  /** The write (the section's mutation, which updates the cached profile); the plain upsert by default. */
  save?: (row: ProfileFields) => Promise<void>;
  onSaved: (row: ProfileFields) => void;
  onCancel: () => void;
}

/** The profile's edit form: display name, first and last name, birthday, gender. */
export function ProfileEditForm({
  userId,
  profile,
  save: write = (row) => saveProfile(userId, row),
  onSaved,
  onCancel,
}: Props) {
  const { t, message } = useAccountText();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { form, fieldErrors, submit, warm } = useAuthForm<ProfileEditValues>({
    resolver,
    defaultValues: {
      displayName: profile.display_name ?? '',
      firstName: profile.first_name ?? '',
      lastName: profile.last_name ?? '',
      birthday: isoToBirthday(profile.birthdate),
      gender: profile.gender ?? '',
    },
    order: ORDER,
    onSubmitStart: () => setError(null),
  });
  const { register } = form;
  const { aria, shown, errorId } = fieldErrors;

  const save = async (v: ProfileEditValues) => {
    setSaving(true);
    try {
      const row = {
        display_name: v.displayName.trim(),
        first_name: v.firstName.trim() || null,
        last_name: v.lastName.trim() || null,
        gender: v.gender,
        birthdate: birthdayToIso(v.birthday),
      };
      await write(row);
      onSaved(row);
    } catch (err) {
      setError(errorText(err, t('profile.saveFailed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormProvider {...form}>
      <form
        className="acc-form"
        onSubmit={submit(save)}
        onFocus={warm}
        noValidate
        aria-label={t('profile.editForm')}
      >
        <div aria-live="polite">
          {shown ? <ErrorBox id={errorId}>{message(shown.message)}</ErrorBox> : <ErrorBox>{error}</ErrorBox>}
        </div>
        <Field label={t('profile.displayName')}>
          <input
            className="wf-input"
            autoComplete="nickname"
            maxLength={80}
            {...register('displayName')}
            {...aria('displayName')}
          />
        </Field>
        <div className="acc-row">
          <Field label={t('profile.firstName')}>
            <input
              className="wf-input"
              autoComplete="given-name"
              maxLength={80}
              {...register('firstName')}
              {...aria('firstName')}
            />
          </Field>
          <Field label={t('profile.lastName')}>
            <input
              className="wf-input"
              autoComplete="family-name"
              maxLength={80}
              {...register('lastName')}
              {...aria('lastName')}
            />
          </Field>
        </div>
        <BirthdayGenderFields aria={aria} />
        <div className="acc-actions">
          <button type="submit" className="wf-btn" disabled={saving}>
            {saving ? t('common.saving') : t('profile.save')}
          </button>
          <button type="button" className="wf-btn wf-btn--ghost" onClick={onCancel} disabled={saving}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
