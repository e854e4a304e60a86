/** The page's live messages: the place search's and locate-me's answers, and 'Looking for more sights…'. */
export function ExploreStatus({
  searchMessage,
  locateMessage,
  updating,
}: {
  searchMessage: string | null;
  locateMessage: string | null;
  updating: boolean;
}) {
  return (
    <div className="explore-status" aria-live="polite">
      {searchMessage && (
        <p className="wf-alert wf-alert--info" data-testid="search-message">
          {searchMessage}
        </p>
      )}
      {locateMessage && (
        <p className="wf-alert wf-alert--info" data-testid="geo-message">
          {locateMessage}
        </p>
      )}
      {updating && (
        <p className="explore-updating wf-muted" data-testid="explore-updating">
          <span className="explore-updating__bar" aria-hidden="true" /> Looking for more sights…
        </p>
      )}
    </div>
  );
}
