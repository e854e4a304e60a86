import { useEffect, useState } from 'react';

export type Position = { lat: number; lon: number };

/**
 * The user's position when they already granted it (for the distance to the sight); never prompts just for this.
 * Follow me reports newer positions through the setter.
 */
export function useGrantedPosition(): [Position | null, (p: Position) => void] {
  const [pos, setPos] = useState<Position | null>(null);
  useEffect(() => {
    let live = true;
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((p) => {
        if (p.state === 'granted' && live)
          navigator.geolocation.getCurrentPosition(
            (g) => live && setPos({ lat: g.coords.latitude, lon: g.coords.longitude }),
          );
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return [pos, setPos];
}
