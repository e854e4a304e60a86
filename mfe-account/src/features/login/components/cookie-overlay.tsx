/** The cookie question shown when 'Stay logged in' is ticked without a prior acceptance. */
export function CookieOverlay({ onAccept, onDecline }: { onAccept: () => void; onDecline: () => void }) {
  return (
    <div className="account-cookie" role="dialog" aria-modal="true" aria-labelledby="account-cookie-title">
      <div className="wf-card">
        <h2 id="account-cookie-title">Cookies</h2>
        <p>Staying logged in stores a cookie-like flag on this device. Do you accept?</p>
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog moves focus into itself (WAI-ARIA dialog pattern) */}
        <button type="button" className="wf-btn wf-btn--primary" onClick={onAccept} autoFocus>
          Accept
        </button>
        <button type="button" className="wf-btn" onClick={onDecline}>
          Decline
        </button>
      </div>
    </div>
  );
}
