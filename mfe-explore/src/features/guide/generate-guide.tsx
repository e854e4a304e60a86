import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '@wayfarer/api-client';
import { getAccessToken } from '@wayfarer/session';
import { ProgressBar } from '@wayfarer/ui';
import { generateGuide } from '../sight-detail/api/sight-api';
import type { Station } from '../sight-detail/types';
import { stationsFromGuide } from './transcript';

/** 'Generate guide' button with an elapsed-time progress (the call may take up to 120 s). */
export function GenerateGuide({ sightId, onStations }: { sightId: string; onStations: (s: Station[]) => void }) {
  const [busy, setBusy] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [limit, setLimit] = useState(false);

  useEffect(() => {
    if (!busy) return;
    const start = Date.now();
    const t = setInterval(() => setElapsed((Date.now() - start) / 1000), 500);
    return () => clearInterval(t);
  }, [busy]);

  const run = async () => {
    setError(null);
    setLimit(false);
    const token = await getAccessToken();
    if (!token) {
      setError('Authentication required');
      return;
    }
    setBusy(true);
    setElapsed(0);
    try {
      const res = await generateGuide(sightId, token);
      const st = stationsFromGuide(res);
      if (st) onStations(st);
    } catch (e) {
      if (e instanceof ApiError && (e.status === 402 || e.status === 429)) setLimit(true);
      else setError(e instanceof Error ? e.message : 'request failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="explore-generate">
      <button type="button" className="wf-btn wf-btn--primary" onClick={run} disabled={busy} aria-busy={busy}>
        {busy ? 'Generating guide…' : 'Generate guide'}
      </button>
      {busy && (
        <ProgressBar
          value={Math.min(95, Math.round((elapsed / 60) * 100))}
          label={`Writing and narrating the guide… ${Math.round(elapsed)} s`}
        />
      )}
      {limit && (
        <div className="wf-alert wf-alert--info" role="alert" data-testid="guide-limit">
          You have reached your plan&apos;s monthly guide limit. <Link to="/pricing">See plans</Link> to generate more guides.
        </div>
      )}
      {error && (
        <div className="wf-alert wf-alert--error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
