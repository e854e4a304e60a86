import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from '@wayfarer/router';
import { isAdminEmail, signOut, useUserState } from '@wayfarer/session';
import { CoinsIcon, CompassIcon, MenuIcon, XIcon } from '@wayfarer/ui/icons';
import { ThemeSwitcher } from '../theme';
import { AccountMenu } from './account-menu';
import './navbar.css';

export const NAV_LINKS = [
  { to: '/explore', label: 'Explore' },
  { to: '/invest', label: 'Invest' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/about', label: 'About us' },
] as const;

/** True once the page is scrolled more than 8 px (the bar's scrolled state). */
export function useScrolled(threshold = 8): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return scrolled;
}

export function Navbar() {
  const { user, currency } = useUserState();
  const scrolled = useScrolled();
  const navigate = useNavigate();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const showAdmin = isAdminEmail(user?.email);

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
          {l.label}
        </NavLink>
      ))}
      {showAdmin ? (
        <NavLink to="/admin" className="wf-nav__link">
          Admin
        </NavLink>
      ) : null}
    </>
  );

  return (
    <header
      className={`wf-nav${scrolled ? ' wf-nav--scrolled' : ''}`}
      data-scrolled={scrolled ? 'true' : 'false'}
    >
      <nav className="wf-nav__inner wf-container" aria-label="Main">
        <Link to="/" className="wf-nav__brand" aria-label="Wayfarer home">
          <CompassIcon aria-hidden="true" className="wf-icon wf-nav__logo" />{' '}
          <span className="wf-nav__name">Wayfarer</span>
        </Link>
        <div className="wf-nav__links">{links}</div>
        <div className="wf-nav__end">
          <ThemeSwitcher />
          {user ? (
            <>
              <Link
                to="/shop"
                className="wf-nav__balance"
                aria-label={`Balance: ${currency} coins`}
                data-testid="currency-balance"
              >
                <CoinsIcon aria-hidden="true" className="wf-icon" /> {currency.toLocaleString()}
              </Link>
              <AccountMenu user={user} onLogOut={logOut} />
            </>
          ) : (
            <Link to="/login" className="wf-btn wf-btn--sm">
              Log in / Sign up
            </Link>
          )}
          <button
            type="button"
            className="wf-nav__burger"
            aria-label={drawerOpen ? 'Close menu' : 'Open menu'}
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
        <div id="wf-drawer" className="wf-nav__drawer" role="dialog" aria-label="Menu">
          {links}
          {user ? (
            <>
              <Link to="/account" className="wf-nav__link">
                Manage account
              </Link>
              <button type="button" className="wf-nav__link wf-nav__drawer-btn" onClick={logOut}>
                Log out
              </button>
            </>
          ) : null}
        </div>
      ) : null}
    </header>
  );
}
