import { useEffect, useRef, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, XIcon } from '@wayfarer/ui/icons';
import { useFormat, useTranslation } from '@wayfarer/i18n';
import { EXPLORE_NS } from '../../../i18n';

export interface GalleryImage {
  url: string;
  alt: string;
}

/** Cover + approved photos; a lightbox with arrow keys, Escape, and focus returned to the opener. */
export function Gallery({ images }: { images: GalleryImage[] }) {
  const { t } = useTranslation(EXPLORE_NS);
  const { number } = useFormat();
  const count = number(images.length);
  const [open, setOpen] = useState<number | null>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (open === null) return;
    dialog.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(null);
      else if (e.key === 'ArrowRight') setOpen((i) => (i === null ? i : (i + 1) % images.length));
      else if (e.key === 'ArrowLeft')
        setOpen((i) => (i === null ? i : (i - 1 + images.length) % images.length));
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      opener.current?.focus();
    };
  }, [open, images.length]);

  if (images.length === 0) return <div className="explore-cover explore-cover--empty" aria-hidden="true" />;
  const [cover, ...rest] = images;
  const show = (i: number, el: HTMLElement) => {
    opener.current = el;
    setOpen(i);
  };
  return (
    <div className="explore-gallery">
      <button
        type="button"
        className="explore-cover"
        onClick={(e) => show(0, e.currentTarget)}
        aria-label={t('gallery.open', { n: number(1), count })}
      >
        <img src={cover.url} alt={cover.alt} />
      </button>
      {rest.length > 0 && (
        <ul className="explore-thumbs">
          {rest.map((img, i) => (
            <li key={img.url}>
              <button
                type="button"
                onClick={(e) => show(i + 1, e.currentTarget)}
                aria-label={t('gallery.open', { n: number(i + 2), count })}
              >
                <img src={img.url} alt={img.alt} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {open !== null && (
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click on the backdrop is a mouse shortcut; the keyboard closes with Escape (window listener above) or the Close button
        <div
          className="explore-lightbox"
          role="dialog"
          aria-modal="true"
          aria-label={t('gallery.photo', { n: number(open + 1), count })}
          tabIndex={-1}
          ref={dialog}
          onClick={(e) => e.target === e.currentTarget && setOpen(null)}
        >
          <img src={images[open].url} alt={images[open].alt} />
          <div className="explore-lightbox__bar" dir="ltr">
            <button
              type="button"
              className="wf-btn"
              onClick={() => setOpen((open - 1 + images.length) % images.length)}
              aria-label={t('gallery.previous')}
            >
              <ChevronLeftIcon aria-hidden="true" className="wf-icon" />
            </button>
            <span>
              {number(open + 1)} / {count}
            </span>
            <button
              type="button"
              className="wf-btn"
              onClick={() => setOpen((open + 1) % images.length)}
              aria-label={t('gallery.next')}
            >
              <ChevronRightIcon aria-hidden="true" className="wf-icon" />
            </button>
            <button
              type="button"
              className="wf-btn"
              onClick={() => setOpen(null)}
              aria-label={t('gallery.close')}
            >
              <XIcon aria-hidden="true" className="wf-icon" />
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
