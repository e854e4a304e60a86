import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from '@wayfarer/router';
import type { useUserState } from '@wayfarer/session';
import { useTranslation } from '@wayfarer/i18n';
import { SHELL_NS } from '../../i18n';

function initials(name: string | null | undefined, email: string): string {
  const src = (name || email || '?').trim();
  const parts = src.split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts[1]?.[0] ?? '')).toUpperCase();
}

/** The signed-in user's avatar button and its dropdown (account, overview, log out); Escape or a click outside closes it. */
export function AccountMenu({
  user,
  onLogOut,
}: {
  user: NonNullable<ReturnType<typeof useUserState>['user']>;
  onLogOut: () => Promise<void>;
}) {
  const { t } = useTranslation(SHELL_NS);
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onDoc = (e: MouseEvent) => {
      if (!menuRef.current?.contains(e.target as Node)) setMenuOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('mousedown', onDoc);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDoc);
      document.removeEventListener('keydown', onKey);
    };
  }, [menuOpen]);

  const logOut = async () => {
    setMenuOpen(false);
    await onLogOut();
  };

  return (
    <div className="wf-nav__menu" ref={menuRef}>
      <button
        type="button"
        className="wf-nav__avatar"
        aria-haspopup="menu"
        aria-expanded={menuOpen}
        aria-label={t('nav.accountMenu')}
        // Without a photo the avatar is the initials, drawn by CSS (::before): a picture of the user like
        // the photo (alt=""), not the button's label, which is 'Account menu'.
        data-initials={user.avatar_url ? undefined : initials(user.display_name, user.email)}
        onClick={() => setMenuOpen((o) => !o)}
      >
        {user.avatar_url ? <img src={user.avatar_url} alt="" /> : null}
      </button>
      {menuOpen ? (
        <div className="wf-nav__dropdown" role="menu">
          <div className="wf-nav__who">
            <strong>{user.display_name || t('nav.traveller')}</strong>
            <span className="wf-muted">{user.email}</span>
          </div>
          <Link role="menuitem" to="/account" className="wf-nav__item">
            {t('nav.manageAccount')}
          </Link>
          <Link role="menuitem" to="/overview" className="wf-nav__item">
            {t('nav.overview')}
          </Link>
          <Link role="menuitem" to="/downloads" className="wf-nav__item">
            {t('offline.downloads')}
          </Link>
          <button role="menuitem" type="button" className="wf-nav__item" onClick={logOut}>
            {t('nav.logOut')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
