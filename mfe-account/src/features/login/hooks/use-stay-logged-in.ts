import { useState } from 'react';
import { loginStore } from '../utils/login-store';

/**
 * 'Stay logged in' (spec point 4): ticking it without a prior cookie acceptance opens the overlay; Accept stores
 * both flags, Decline clears them and leaves the box unticked.
 */
export function useStayLoggedIn() {
  const [stayLoggedIn, setStayLoggedIn] = useState(
    () => loginStore('local')?.getItem('stayLoggedIn') === 'true',
  );
  const [cookieOverlay, setCookieOverlay] = useState(false);

  const onStayLoggedIn = (checked: boolean) => {
    const ls = loginStore('local');
    if (!checked) {
      ls?.removeItem('stayLoggedIn');
      setStayLoggedIn(false);
      return;
    }
    if (ls?.getItem('acceptedCookies') === 'true') {
      ls.setItem('stayLoggedIn', 'true');
      setStayLoggedIn(true);
    } else setCookieOverlay(true);
  };
  const acceptCookies = () => {
    loginStore('local')?.setItem('acceptedCookies', 'true');
    loginStore('local')?.setItem('stayLoggedIn', 'true');
    setStayLoggedIn(true);
    setCookieOverlay(false);
  };
  const declineCookies = () => {
    loginStore('local')?.removeItem('acceptedCookies');
    loginStore('local')?.removeItem('stayLoggedIn');
    setStayLoggedIn(false);
    setCookieOverlay(false);
  };
  return { stayLoggedIn, cookieOverlay, onStayLoggedIn, acceptCookies, declineCookies };
}
