import { useLayoutEffect, useRef } from 'react';
import { dismissFirstScreen } from '@wayfarer/contracts/browser';
import { useLocation } from '@wayfarer/router';

/**
 * The route's first screen (painted by the HTML's preloader, contracts' first-screen.ts) stands for the page the
 * address first named, and that page removes it when it commits. Any other page takes it away too: a redirect (the
 * sign-in page for a session that has expired), or a link followed before the page was shown.
 */
export function FirstScreenGuard() {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useLayoutEffect(() => {
    if (pathname !== first.current) dismissFirstScreen();
  }, [pathname]);
  return null;
}
