import { useEffect, useRef, useState } from 'react';
import { Link } from '@wayfarer/router';
import { generateGuide, getSightGuide, isGuideLimitError } from '@wayfarer/api-client';
import { PRICING_PLANS } from '@wayfarer/contracts/browser';
import type { GuideLimitError, GuideUsage, GuideVoice } from '@wayfarer/contracts';
import { getAccessToken } from '@wayfarer/session';
import { ProgressBar } from '@wayfarer/ui';
import type { Station } from '../sight-detail/types';
import { toPlayerStations } from './transcript';
import './guide.css';

/** Rendering takes about a second per station; the bar fills over this time and waits at 95 %. */
const EXPECTED_S = 10;

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
 * 'Generate guide' (signed in): loads the caller's latest guide for the sight and the month's usage, generates a
 * new one with an elapsed-time progress (the call may take up to 120 s), and explains the monthly limit of the
 * plan with a link to /pricing.
 */
export function GenerateGuide({ sightId, onStations }: { sightId: string; onStations: (s: Station[]) => void }) {
  const [busy, setBusy] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [limitHit, setLimitHit] = useState(false);
  const [usage, setUsage] = useState<GuideUsage | null>(null);
  const [voice, setVoice] = useState<GuideVoice>('female');
  const abort = useRef<AbortController | null>(null);

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
      } catch (e) {
        // The page still works without the stored guide; generating shows any real error.
        console.warn('guide load failed', e);
      }
    })();
    return () => {
      live = false;
    };
  }, [sightId, onStations]);

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
    try {
      const res = await generateGuide({ sight_id: sightId, voice }, token, ctrl.signal);
      setUsage(res.usage);
      onStations(toPlayerStations(res.guide));
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
        <ProgressBar
          value={Math.min(95, Math.round((elapsed / EXPECTED_S) * 100))}
          label={`Writing and narrating the guide… ${Math.round(elapsed)} s`}
        />
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
