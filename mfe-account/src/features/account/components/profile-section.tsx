import { useEffect, useState } from 'react';
import { fetchCurrentUser, getSupabase } from '@wayfarer/session';
import { ErrorBox, InfoBox, Skeleton } from '@wayfarer/ui';
import { genderLabel } from '../../../components/profile-fields';
import { errorText } from '../../../lib/account-queries';
import { ProfileEditForm } from './profile-edit-form';

export interface ProfileRow {
  display_name: string | null;
  first_name: string | null;
  last_name: string | null;
  gender: string | null;
  birthdate: string | null;
  avatar_url: string | null;
}

const EMPTY: ProfileRow = { display_name: null, first_name: null, last_name: null, gender: null, birthdate: null, avatar_url: null };

export function formatBirthdate(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** Loads the signed-in user's profile row (spec point 3) through the shared client. */
export async function loadProfile(userId: string): Promise<ProfileRow> {
  const { data, error } = await getSupabase()
    .from('profiles')
    .select('display_name, first_name, last_name, gender, birthdate, avatar_url')
    .eq('id', userId)
    .maybeSingle();
  if (error) throw new Error(error.message || 'Could not load your profile');
  return { ...EMPTY, ...((data ?? {}) as Partial<ProfileRow>) };
}

/** Profile view with an edit form: display name, first and last name, birthday, gender. */
export function ProfileSection({ userId, onLoaded }: { userId: string; onLoaded?: (p: ProfileRow) => void }) {
  const [profile, setProfile] = useState<ProfileRow | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [info, setInfo] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setLoadError(null);
    loadProfile(userId)
      .then((p) => {
        if (!live) return;
        setProfile(p);
        onLoaded?.(p);
      })
      .catch((err: unknown) => live && setLoadError(errorText(err, 'Could not load your profile')));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, attempt]);

  const startEdit = () => {
    if (!profile) return;
    setInfo(null);
    setEditing(true);
  };
  const saved = (row: Partial<ProfileRow>) => {
    setProfile((p) => ({ ...(p ?? EMPTY), ...row }));
    setEditing(false);
    setInfo('Profile saved.');
    // The navbar shows the display name: re-read the shared user.
    void fetchCurrentUser();
  };

  return (
    <section className="wf-card acc-section" aria-labelledby="acc-profile">
      <h2 id="acc-profile">Profile</h2>
      {loadError ? (
        <div className="acc-stack">
          <ErrorBox>{loadError}</ErrorBox>
          <button type="button" className="wf-btn wf-btn--ghost" onClick={() => setAttempt((a) => a + 1)}>Try again</button>
        </div>
      ) : !profile ? (
        <div aria-busy="true"><span className="wf-visually-hidden" role="status">Loading your profile…</span><Skeleton height={120} /></div>
      ) : editing ? (
        <ProfileEditForm userId={userId} profile={profile} onSaved={saved} onCancel={() => setEditing(false)} />
      ) : (
        <>
          <div aria-live="polite"><InfoBox>{info}</InfoBox></div>
          <dl className="acc-dl" data-testid="profile-view">
            <dt>Display name</dt><dd>{profile.display_name || '—'}</dd>
            <dt>Name</dt><dd>{[profile.first_name, profile.last_name].filter(Boolean).join(' ') || '—'}</dd>
            <dt>Birthday</dt><dd>{formatBirthdate(profile.birthdate) || '—'}</dd>
            <dt>Gender</dt><dd>{genderLabel(profile.gender) || '—'}</dd>
          </dl>
          <button type="button" className="wf-btn wf-btn--ghost" onClick={startEdit}>Edit profile</button>
        </>
      )}
    </section>
  );
}
