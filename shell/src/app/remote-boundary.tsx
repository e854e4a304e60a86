import { Component, type ReactNode } from 'react';
import type { RemoteName } from '@wayfarer/contracts';

/** Each remote's name as the loading and error messages say it. */
export const LABELS: Record<RemoteName, string> = {
  explore: 'Explore',
  account: 'Account',
  marketing: 'Wayfarer',
  admin: 'Admin',
};

interface BoundaryProps {
  remote: RemoteName;
  onRetry: () => void;
  children: ReactNode;
}

/** One boundary per remote: a broken or unreachable remote shows a message and Retry, never a blank shell. */
export class RemoteBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error) {
    console.error(`[shell] remote "${this.props.remote}" failed:`, error);
  }
  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = error.name === 'ChunkLoadError';
    return (
      <section className="wf-container wf-page" aria-labelledby="remote-error-title">
        <div className="wf-card" role="alert" data-testid="remote-error" data-remote={this.props.remote}>
          <h2 id="remote-error-title" style={{ marginTop: 0 }}>
            {chunk
              ? `${LABELS[this.props.remote]} is unavailable right now`
              : 'Something went wrong on this page'}
          </h2>
          <p className="wf-muted" data-testid="remote-error-message">
            {chunk ? `${error.name}: ${error.message}` : error.message}
          </p>
          <p className="wf-muted">The rest of Wayfarer keeps working. You can try again in a moment.</p>
          <button
            className="wf-btn"
            type="button"
            onClick={() => {
              this.setState({ error: null });
              this.props.onRetry();
            }}
          >
            Retry
          </button>
        </div>
      </section>
    );
  }
}
