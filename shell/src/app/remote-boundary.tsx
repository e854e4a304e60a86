import { Component, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { dismissFirstScreen } from '@wayfarer/contracts/browser';
import type { RemoteName } from '@wayfarer/contracts';
import { useTranslation } from '@wayfarer/i18n';
import { reportLoadFailure } from '../mf/report-failure';
import { SHELL_NS } from '../i18n';
import { NeedsConnection } from './needs-connection';

/** Each remote's name as the loading and error messages say it (keys of the shell's catalog). */
export const LABELS: Record<RemoteName, string> = {
  explore: 'remote.explore',
  account: 'remote.account',
  marketing: 'remote.marketing',
  admin: 'remote.admin',
};

/** The boundary's message (a function component: a class cannot use the translation hook). */
function RemoteError({ remote, error, onRetry }: { remote: RemoteName; error: Error; onRetry: () => void }) {
  const { t } = useTranslation(SHELL_NS);
  const chunk = error.name === 'ChunkLoadError';
  const [offline, setOffline] = useState(
    () => typeof navigator !== 'undefined' && navigator.onLine === false,
  );
  // The route's first screen (if the HTML painted one) stood for the page that did not load: the message replaces it.
  useLayoutEffect(dismissFirstScreen, []);
  // A browser can say it is online on a dead connection: a remote that did not load is then checked against the
  // shell's own origin (offline-map.ts's rule, a chunk of its own), and said to need a connection if that is
  // unreachable too.
  useEffect(() => {
    if (offline || !chunk) return;
    let live = true;
    import(/* webpackChunkName: "offline-map" */ '../mf/offline-map')
      .then((m) => m.isOffline())
      .then(
        (off) => live && off && setOffline(true),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [offline, chunk]);
  if (offline) return <NeedsConnection onRetry={onRetry} />;
  return (
    <section className="wf-container wf-page" aria-labelledby="remote-error-title">
      <div className="wf-card" role="alert" data-testid="remote-error" data-remote={remote}>
        <h2 id="remote-error-title" style={{ marginTop: 0 }}>
          {chunk ? t('remote.unavailable', { name: t(LABELS[remote]) }) : t('remote.failed')}
        </h2>
        <p className="wf-muted" data-testid="remote-error-message">
          {chunk ? `${error.name}: ${error.message}` : error.message}
        </p>
        <p className="wf-muted">{t('remote.keepsWorking')}</p>
        <button className="wf-btn" type="button" onClick={onRetry}>
          {t('remote.retry')}
        </button>
      </div>
    </section>
  );
}

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
    // A load failure was reported where it happened (remote-loader.ts); anything else failed while rendering.
    reportLoadFailure(this.props.remote, 'render', error);
  }
  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <RemoteError
        remote={this.props.remote}
        error={error}
        onRetry={() => {
          this.setState({ error: null });
          this.props.onRetry();
        }}
      />
    );
  }
}
