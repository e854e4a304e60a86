import { useState } from 'react';
import { ErrorBox, InfoBox, Skeleton } from '@wayfarer/ui';
import { genderKey } from '../../../components/gender-select';
import { useAccountText } from '../../../lib/account-text';
import type { Formatters } from '@wayfarer/i18n';
import { useProfile, useSaveProfile } from '../api/profile-queries';
import { ProfileEditForm } from './profile-edit-form';

export type { ProfileRow } from '../api/profile-api';

export function formatBirthdate(iso: string | null, f: Formatters): string {
  if (!iso) return '';
  const d = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(d.getTime())
    ? ''
    : f.date(d, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** Profile view with an edit form: display name, first and last name, birthday, gender (spec point 3). */
export function ProfileSection({ userId }: { userId: string }) {
  const { t, f } = useAccountText();
  const profile = useProfile(userId);
  const save = useSaveProfile(userId);
  const [editing, setEditing] = useState(false);
  const [info, setInfo] = useState<string | null>(null);
  const p = profile.data;

  const startEdit = () => {
    if (!p) return;
    setInfo(null);
    setEditing(true);
  };
  const saved = () => {
    setEditing(false);
    setInfo(t('profile.saved'));
  };

  return (
    <section className="wf-card acc-section" aria-labelledby="acc-profile">
      <h2 id="acc-profile">{t('profile.title')}</h2>
      {profile.error && !p ? (
        <div className="acc-stack">
          <ErrorBox>{profile.error}</ErrorBox>
          <button type="button" className="wf-btn wf-btn--ghost" onClick={profile.reload}>
            {t('common.retry')}
          </button>
        </div>
      ) : !p ? (
        <div aria-busy="true">
          <span className="wf-visually-hidden" role="status">
            {t('profile.loading')}
          </span>
          <Skeleton height={120} />
        </div>
      ) : editing ? (
        <ProfileEditForm
          userId={userId}
          profile={p}
          save={save.mutateAsync}
          onSaved={saved}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          <div aria-live="polite">
            <InfoBox>{info}</InfoBox>
          </div>
          <dl className="acc-dl" data-testid="profile-view">
            <dt>{t('profile.displayName')}</dt>
            <dd>{p.display_name || '—'}</dd>
            <dt>{t('profile.name')}</dt>
            <dd>{[p.first_name, p.last_name].filter(Boolean).join(' ') || '—'}</dd>
            <dt>{t('profile.birthday')}</dt>
            <dd>{formatBirthdate(p.birthdate, f) || '—'}</dd>
            <dt>{t('profile.gender')}</dt>
            <dd>{genderKey(p.gender) ? t(genderKey(p.gender)!) : '—'}</dd>
          </dl>
          <button type="button" className="wf-btn wf-btn--ghost" onClick={startEdit}>
            {t('profile.edit')}
          </button>
        </>
      )}
    </section>
  );
}
