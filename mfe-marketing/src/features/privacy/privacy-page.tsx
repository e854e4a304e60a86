import type { MouseEvent } from 'react';
import { Link } from '@wayfarer/router';
import { usePageMeta } from '@wayfarer/ui';
import { useFormat, useTranslation } from '@wayfarer/i18n';
import { MARKETING_NS } from '../../i18n';
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

/**
 * /privacy-policy: the page's own texts in the active language; the policy itself is a legal document kept in
 * English (marked lang="en", with a note saying so in the reader's language).
 */
export function PrivacyPage() {
  const { t } = useTranslation(MARKETING_NS);
  const f = useFormat();
  usePageMeta({ title: t('privacy.metaTitle'), description: t('privacy.metaDescription') });
  const updated = f.date(`${policy.lastUpdated}T00:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' });
  return (
    <article className="wf-container wf-page mk-prose">
      <h1>{t('privacy.title')}</h1>
      <p className="wf-muted">
        <time dateTime={policy.lastUpdated}>{t('privacy.lastUpdated', { date: updated })}</time>
      </p>
      <p className="wf-alert--info" data-testid="legal-english-note">
        {t('privacy.englishNote')}
      </p>
      <p lang="en">{policy.intro}</p>
      <p>
        <a className="wf-btn" href={pdfUrl} download={PDF_NAME} onClick={(e) => void downloadPdf(e)}>
          {t('privacy.download')}
        </a>
      </p>
      <nav aria-label={t('privacy.contents')} className="wf-card">
        <ol lang="en">
          {policy.sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.heading.replace(/^\d+\.\s*/, '')}</a>
            </li>
          ))}
        </ol>
      </nav>
      {policy.sections.map((s) => (
        <section key={s.id} id={s.id} className="mk-section" lang="en">
          <h2>{s.heading}</h2>
          {s.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ))}
      <p>
        {t('privacy.seeAlso')} <Link to="/terms">{t('privacy.terms')}</Link>,{' '}
        <Link to="/cookie-policy">{t('privacy.cookies')}</Link> {t('privacy.and')}{' '}
        <Link to="/dsar">{t('privacy.dsar')}</Link>.
      </p>
    </article>
  );
}
