import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from '@wayfarer/router';
import { signOut, useUserState } from '@wayfarer/session';
import { CoinsIcon, CompassIcon, MenuIcon, XIcon } from '@wayfarer/ui/icons';
import { LanguageSelect, useFormat, useTranslation } from '@wayfarer/i18n';
import { ThemeSwitcher } from '../theme';
import { SHELL_NS } from '../../i18n';
import { AccountMenu } from './account-menu';
import './navbar.css';

export const NAV_LINKS = [
  { to: '/explore', label: 'nav.explore' },
  { to: '/invest', label: 'nav.invest' },
  { to: '/pricing', label: 'nav.pricing' },
  { to: '/about', label: 'nav.about' },
] as const;

/**
 * True once the page is scrolled more than 8 px (the bar's scrolled state).
 * The position a page opens at is read in the next animation frame, not in the mount's effect: reading
 * `window.scrollY` makes the browser lay the page out on the spot, and the shell's first effects run before the
 * first paint, so that read did the first screen's whole style and layout (about 40 ms here, four times that at a
 * phone's speed) inside React's task, one long task where the browser would have made two shorter ones. In the
 * frame, the layout the read asks for is the one the frame was about to do anyway.
 */
export function useScrolled(threshold = 8): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    const frame = requestAnimationFrame(onScroll);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [threshold]);
  return scrolled;
}

export function Navbar() {
  const { t } = useTranslation(SHELL_NS);
  const format = useFormat();
  const { user, currency } = useUserState();
  const scrolled = useScrolled();
  const navigate = useNavigate();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // admin_users (read with the user), the same rule the API authorises admin routes by.
  const showAdmin = Boolean(user?.isAdmin);

  useEffect(() => {
    setDrawerOpen(false);
  }, [location.pathname]);

  const logOut = async () => {
    setDrawerOpen(false);
    await signOut();
    navigate('/', { replace: true });
  };

  const links = (
    <>
      {NAV_LINKS.map((l) => (
        <NavLink key={l.to} to={l.to} className="wf-nav__link">
          {t(l.label)}
        </NavLink>
      ))}
      {showAdmin ? (
        <NavLink to="/admin" className="wf-nav__link">
          {t('nav.admin')}
        </NavLink>
      ) : null}
    </>
  );

  return (
    <header
      className={`wf-nav${scrolled ? ' wf-nav--scrolled' : ''}`}
      data-scrolled={scrolled ? 'true' : 'false'}
    >
      <nav className="wf-nav__inner wf-container" aria-label={t('nav.main')}>
        <Link to="/" className="wf-nav__brand" aria-label={t('nav.home')}>
          <CompassIcon aria-hidden="true" className="wf-icon wf-nav__logo" />{' '}
          <span className="wf-nav__name">Wayfarer</span>
        </Link>
        <div className="wf-nav__links">{links}</div>
        <div className="wf-nav__end">
          <LanguageSelect compact className="wf-language-switcher" />
          <ThemeSwitcher />
          {user ? (
            <>
              <Link
                to="/shop"
                className="wf-nav__balance"
                aria-label={t('nav.balance', { amount: format.number(currency) })}
                data-testid="currency-balance"
              >
                <CoinsIcon aria-hidden="true" className="wf-icon" /> {format.number(currency)}
              </Link>
              <AccountMenu user={user} onLogOut={logOut} />
            </>
          ) : (
            <Link to="/login" className="wf-btn wf-btn--sm">
              {t('nav.logIn')}
            </Link>
          )}
          <button
            type="button"
            className="wf-nav__burger"
            aria-label={drawerOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={drawerOpen}
            aria-controls="wf-drawer"
            onClick={() => setDrawerOpen((o) => !o)}
          >
            {drawerOpen ? (
              <XIcon aria-hidden="true" className="wf-icon" />
            ) : (
              <MenuIcon aria-hidden="true" className="wf-icon" />
            )}
          </button>
        </div>
      </nav>
      {drawerOpen ? (
        <div id="wf-drawer" className="wf-nav__drawer" role="dialog" aria-label={t('nav.menu')}>
          {links}
          <LanguageSelect showLabel className="wf-nav__drawer-language" />
          {user ? (
            <>
              <Link to="/account" className="wf-nav__link">
                {t('nav.manageAccount')}
              </Link>
              <button type="button" className="wf-nav__link wf-nav__drawer-btn" onClick={logOut}>
                {t('nav.logOut')}
              </button>
            </>
          ) : null}
        </div>
      ) : null}
    </header>
  );
}
