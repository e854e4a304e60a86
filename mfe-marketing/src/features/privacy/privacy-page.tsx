import type { MouseEvent } from 'react';
import { Link } from '@wayfarer/router';
import { usePageMeta } from '@wayfarer/ui';
import policy from './policy.json';
// Generated from policy.json by scripts/build-privacy-pdf.mjs before every build.
import pdfUrl from '../../assets/privacy-policy.pdf';

const PDF_NAME = 'wayfarer-privacy-policy.pdf';

/**
 * The PDF lives on the remote's origin, and browsers ignore `download` on cross-origin links (they would open
 * it instead), so it is fetched and saved through a same-origin blob URL; the plain link is the fallback.
 */
async function downloadPdf(e: MouseEvent<HTMLAnchorElement>) {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  try {
    const res = await fetch(pdfUrl);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = PDF_NAME;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (err) {
    console.warn('PDF download through a blob failed; opening the file instead', err);
    window.location.assign(pdfUrl);
  }
}

export function PrivacyPage() {
  usePageMeta({
    title: 'Privacy policy',
    description:
      'What Wayfarer collects, how it is used and shared, your choices, children under 13, and how to contact us.',
  });
  return (
    <article className="wf-container wf-page mk-prose">
      <h1>Privacy policy</h1>
      <p className="wf-muted">
        Last updated <time dateTime={policy.lastUpdated}>{policy.lastUpdated}</time>
      </p>
      <p>{policy.intro}</p>
      <p>
        <a className="wf-btn" href={pdfUrl} download={PDF_NAME} onClick={(e) => void downloadPdf(e)}>
          Download PDF
        </a>
      </p>
      <nav aria-label="Contents" className="wf-card">
        <ol>
          {policy.sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.heading.replace(/^\d+\.\s*/, '')}</a>
            </li>
          ))}
        </ol>
      </nav>
      {policy.sections.map((s) => (
        <section key={s.id} id={s.id} className="mk-section">
          <h2>{s.heading}</h2>
          {s.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ))}
      <p>
        See also our <Link to="/terms">Terms of service</Link>, <Link to="/cookie-policy">Cookie policy</Link>{' '}
        and how to make a <Link to="/dsar">data subject access request</Link>.
      </p>
    </article>
  );
}
