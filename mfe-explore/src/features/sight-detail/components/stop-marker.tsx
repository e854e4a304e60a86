import { useEffect, useMemo, useRef } from 'react';
import L, { type LatLngTuple, type LeafletEventHandlerFnMap } from 'leaflet';
import { Marker, Tooltip } from 'react-leaflet';

/**
 * One numbered stop: a keyboard-focusable marker (Leaflet gives it tabindex and role=button) named for screen readers;
 * a click, Enter or Space plays its station. The icon depends on the number only, so highlighting the current stop
 * changes a class on the same element and a stop that was just played keeps the keyboard focus.
 */
export function StopMarker({
  n,
  position,
  label,
  title,
  current,
  onPlay,
}: {
  n: number;
  position: LatLngTuple;
  label: string;
  title: string;
  current: boolean;
  onPlay: () => void;
}) {
  const ref = useRef<L.Marker>(null);
  const icon = useMemo(
    () => L.divIcon({ className: 'explore-route-stop', html: String(n), iconSize: [30, 30] }),
    [n],
  );
  const play = useRef(onPlay);
  play.current = onPlay;
  const handlers = useMemo<LeafletEventHandlerFnMap>(
    () => ({
      click: () => play.current(),
      keydown: (e) => {
        const key = (e.originalEvent as KeyboardEvent).key;
        if (key !== 'Enter' && key !== ' ') return;
        e.originalEvent.preventDefault();
        play.current();
      },
    }),
    [],
  );

  useEffect(() => {
    const el = ref.current?.getElement();
    if (!el) return;
    el.setAttribute('aria-label', label);
    el.classList.toggle('is-current', current);
    if (current) el.setAttribute('aria-current', 'step');
    else el.removeAttribute('aria-current');
  }, [icon, label, current]);

  return (
    <Marker
      ref={ref}
      position={position}
      icon={icon}
      keyboard
      zIndexOffset={current ? 1000 : 0}
      eventHandlers={handlers}
    >
      <Tooltip direction="top" offset={[0, -16]}>
        {n}. {title}
      </Tooltip>
    </Marker>
  );
}
