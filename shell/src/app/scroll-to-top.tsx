import { useEffect } from 'react';
import { useLocation } from '@wayfarer/router';

/** Scroll to the top on every navigation (spec point 2). */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}
