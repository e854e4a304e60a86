import { useState } from 'react';

/** 'Use my location': the browser's position once, or why it could not be had (`message`: a catalog key). */
export function useLocateMe(onPosition: (lat: number, lon: number) => void) {
  const [message, setMessage] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);

  const locate = () => {
    setMessage(null);
    if (!('geolocation' in navigator)) {
      setMessage('nearby.geoUnsupported');
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
        setMessage(err.code === err.PERMISSION_DENIED ? 'nearby.geoDenied' : 'nearby.geoFailed');
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 60_000 },
    );
  };

  return { locate, locating, message };
}
