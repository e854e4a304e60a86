import { useState } from 'react';

/** 'Use my location': the browser's position once, or why it could not be had. */
export function useLocateMe(onPosition: (lat: number, lon: number) => void) {
  const [message, setMessage] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);

  const locate = () => {
    setMessage(null);
    if (!('geolocation' in navigator)) {
      setMessage('Your browser cannot share its location. Search for a place instead.');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        onPosition(pos.coords.latitude, pos.coords.longitude);
      },
      (err) => {
        setLocating(false);
        setMessage(
          err.code === err.PERMISSION_DENIED
            ? 'Location access was denied. Allow it in your browser settings, or search for a place instead.'
            : 'Your location could not be found. Try again or search for a place instead.',
        );
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 60_000 },
    );
  };

  return { locate, locating, message };
}
