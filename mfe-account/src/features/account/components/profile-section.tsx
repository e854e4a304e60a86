import { useState } from 'react';
import { ErrorBox, InfoBox, Skeleton } from '@wayfarer/ui';
import { genderLabel } from '../../../components/gender-select';
import { useProfile, useSaveProfile } from '../api/profile-queries';
import { ProfileEditForm } from './profile-edit-form';

export type { ProfileRow } from '../api/profile-api';

export function formatBirthdate(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(d.getTime())
    ? ''
    : d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** Profile view with an edit form: display name, first and last name, birthday, gender (spec point 3). */
export function ProfileSection({ userId }: { userId: string }) {
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
    setInfo('Profile saved.');
  };

  return (
    <section className="wf-card acc-section" aria-labelledby="acc-profile">
      <h2 id="acc-profile">Profile</h2>
      {profile.error && !p ? (
        <div className="acc-stack">
          <ErrorBox>{profile.error}</ErrorBox>
          <button type="button" className="wf-btn wf-btn--ghost" onClick={profile.reload}>
            Try again
          </button>
        </div>
      ) : !p ? (
        <div aria-busy="true">
          <span className="wf-visually-hidden" role="status">
            Loading your profile…
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
            <dt>Display name</dt>
            <dd>{p.display_name || '—'}</dd>
            <dt>Name</dt>
            <dd>{[p.first_name, p.last_name].filter(Boolean).join(' ') || '—'}</dd>
            <dt>Birthday</dt>
            <dd>{formatBirthdate(p.birthdate) || '—'}</dd>
            <dt>Gender</dt>
            <dd>{genderLabel(p.gender) || '—'}</dd>
          </dl>
          <button type="button" className="wf-btn wf-btn--ghost" onClick={startEdit}>
            Edit profile
          </button>
        </>
      )}
    </section>
  );
}
