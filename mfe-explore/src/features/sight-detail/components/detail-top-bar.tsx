import { ShareIcon } from '@wayfarer/ui/icons';
import { useShareLink } from '../hooks/use-share-link';
import { BackLink } from './detail-states';

/** Back to the list (keeping its view) and Share. */
export function DetailTopBar({ backTo, title }: { backTo: string; title: string }) {
  const { share, message } = useShareLink(title);
  return (
    <nav className="explore-detail__top">
      <BackLink to={backTo} className="wf-btn wf-btn--ghost" />
      <button type="button" className="wf-btn wf-btn--ghost" onClick={share}>
        <ShareIcon aria-hidden="true" className="wf-icon" /> Share
      </button>
      {message && (
        <span role="status" className="wf-muted">
          {message}
        </span>
      )}
    </nav>
  );
}
