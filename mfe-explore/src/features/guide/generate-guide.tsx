import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from '@wayfarer/router';
import { generateGuide, getGuide, getSightGuide, isGuideLimitError } from '@wayfarer/api-client';
import { PRICING_PLANS } from '@wayfarer/contracts/browser';
import type { Guide, GuideLimitError, GuideUsage, GuideVoice } from '@wayfarer/contracts';
import { getAccessToken } from '@wayfarer/session';
import { ProgressBar } from '@wayfarer/ui';
import type { Station } from '../sight-detail';
import { toPlayerStations } from './transcript';
import './guide.css';

/** Until a worker has written the script (stations_total unknown), the bar creeps over this time, up to 10 %. */
const EXPECTED_SCRIPT_S = 5;
/** How often the guide being made is asked for its progress. */
export const GUIDE_POLL_MS = 800;

/** The progress bar's value and label for a guide being made. */
export function guideProgress(guide: Pick<Guide, 'status' | 'stations' | 'stations_total'> | null, elapsed: number): { value: number; label: string } {
  const total = guide?.stations_total ?? null;
  if (!guide || guide.status === 'queued' || total == null) {
    return {
      value: Math.min(10, Math.round((elapsed / EXPECTED_SCRIPT_S) * 10)),
      label: guide?.status === 'rendering' ? `Writing the guide… ${Math.round(elapsed)} s` : `Waiting for a narrator… ${Math.round(elapsed)} s`,
    };
  }
  const made = guide.stations.length;
  return {
    value: 10 + Math.round((made / Math.max(1, total)) * 90),
    label: made < total ? `Narrating station ${made + 1} of ${total}… ${made > 0 ? 'Station 1 is ready to play.' : ''}`.trim() : 'Finishing…',
  };
}

const resetDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });

function UsageLine({ usage }: { usage: GuideUsage }) {
  const plan = PRICING_PLANS[usage.plan]?.name ?? usage.plan;
  if (usage.limit == null) return <p className="wf-muted" data-testid="guide-usage">Unlimited guides on your {plan} plan.</p>;
  const left = Math.max(0, usage.limit - usage.used);
  return (
    <p className="wf-muted" data-testid="guide-usage">
      {left} of {usage.limit} guides left this month on your {plan} plan
      {usage.credits > 0 ? `, plus ${usage.credits} extra ${usage.credits === 1 ? 'guide' : 'guides'}` : ''}.
    </p>
  );
}

/**
 * 'Generate guide' (signed in): loads the caller's latest guide for the sight and the month's usage, asks for a
 * new one (the API answers at once; a worker makes it) and follows it station by station: each station is handed
 * to the player as soon as it is narrated, so station 1 plays while the rest are made. A guide still being made
 * when the page opens is followed too. Explains the monthly limit of the plan with a link to /pricing.
 */
export function GenerateGuide({ sightId, onStations }: { sightId: string; onStations: (s: Station[]) => void }) {
  const [busy, setBusy] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [limitHit, setLimitHit] = useState(false);
  const [usage, setUsage] = useState<GuideUsage | null>(null);
  const [voice, setVoice] = useState<GuideVoice>('female');
  const [making, setMaking] = useState<Guide | null>(null);
  const abort = useRef<AbortController | null>(null);

  /** Polls the guide until a worker has finished it (or failed), handing every new station to the player. */
  const follow = useCallback(
    async (first: Guide, token: string, signal: AbortSignal) => {
      let guide = first;
      let shown = 0;
      for (;;) {
        setMaking(guide);
        if (guide.stations.length > shown) {
          shown = guide.stations.length;
          onStations(toPlayerStations(guide));
        }
        if (guide.status === 'ready') return;
        if (guide.status === 'failed') throw new Error(guide.failure ?? 'The guide could not be made. Please try again.');
        await new Promise((r) => setTimeout(r, GUIDE_POLL_MS));
        if (signal.aborted) return;
        guide = (await getGuide(guide.id, token)).guide;
        if (signal.aborted) return;
      }
    },
    [onStations],
  );

  useEffect(() => {
    let live = true;
    setUsage(null);
    setLimitHit(false);
    setError(null);
    void (async () => {
      const token = await getAccessToken().catch(() => null);
      if (!token || !live) return;
      try {
        const res = await getSightGuide(sightId, token);
        if (!live) return;
        setUsage(res.usage);
        if (res.guide && res.guide.stations.length) onStations(toPlayerStations(res.guide));
        // A guide asked for earlier (another tab, before a reload) is still being made: follow it.
        if (res.pending) {
          abort.current?.abort();
          const ctrl = new AbortController();
          abort.current = ctrl;
          setBusy(true);
          follow(res.pending, token, ctrl.signal)
            .catch((e: unknown) => {
              if (!ctrl.signal.aborted) setError(e instanceof Error ? e.message : 'request failed');
            })
            .finally(() => {
              if (!ctrl.signal.aborted) setBusy(false);
            });
        }
      } catch (e) {
        // The page still works without the stored guide; generating shows any real error.
        console.warn('guide load failed', e);
      }
    })();
    return () => {
      live = false;
    };
  }, [sightId, onStations, follow]);

  useEffect(() => () => abort.current?.abort(), []);

  useEffect(() => {
    if (!busy) return;
    const start = Date.now();
    const t = setInterval(() => setElapsed((Date.now() - start) / 1000), 500);
    return () => clearInterval(t);
  }, [busy]);

  const run = async () => {
    setError(null);
    setLimitHit(false);
    const token = await getAccessToken().catch(() => null);
    if (!token) {
      setError('Authentication required');
      return;
    }
    abort.current?.abort();
    const ctrl = new AbortController();
    abort.current = ctrl;
    setBusy(true);
    setElapsed(0);
    setMaking(null);
    try {
      const res = await generateGuide({ sight_id: sightId, voice }, token, ctrl.signal);
      setUsage(res.usage);
      await follow(res.guide, token, ctrl.signal);
    } catch (e) {
      if (ctrl.signal.aborted) return;
      if (isGuideLimitError(e)) {
        setLimitHit(true);
        setUsage((e.body as GuideLimitError).usage ?? null);
      } else setError(e instanceof Error ? e.message : 'request failed');
    } finally {
      if (!ctrl.signal.aborted) setBusy(false);
    }
  };

  const exhausted = limitHit || (usage != null && usage.remaining === 0);
  const plan = usage ? (PRICING_PLANS[usage.plan]?.name ?? usage.plan) : null;
  return (
    <div className="explore-generate">
      <div className="explore-generate__row">
        <button type="button" className="wf-btn wf-btn--primary" onClick={run} disabled={busy || exhausted} aria-busy={busy}>
          {busy ? 'Generating guide…' : 'Generate guide'}
        </button>
        <label className="explore-generate__voice">
          <span>Voice</span>{' '}
          <select className="wf-input" value={voice} onChange={(e) => setVoice(e.target.value as GuideVoice)} disabled={busy}>
            <option value="female">Female</option>
            <option value="male">Male</option>
          </select>
        </label>
      </div>
      {busy && (
        <div className="explore-generate__progress" data-testid="guide-progress">
          <ProgressBar {...guideProgress(making, elapsed)} />
          <p className="wf-muted" aria-live="polite">
            {guideProgress(making, elapsed).label}
          </p>
        </div>
      )}
      {usage && !exhausted && <UsageLine usage={usage} />}
      {exhausted && (
        <div className="wf-alert wf-alert--info" role="alert" data-testid="guide-limit">
          You have used all {usage?.limit ?? 'the'} guides of your {plan ?? 'current'} plan this month.{' '}
          <Link to="/pricing">Upgrade your plan</Link> to generate more guides
          {usage ? `, or wait until ${resetDate(usage.resets_at)}` : ''}.
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
