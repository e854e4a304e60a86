import { Link } from '@wayfarer/router';
import { usePageMeta } from '@wayfarer/ui';
import { useFormat, useTranslation } from '@wayfarer/i18n';
import { MARKETING_NS } from '../../i18n';

const UPDATED = '2025-08-22';

/** A legal page: `title` and `description` are catalog keys; the body (children) is the English legal text. */
function LegalPage({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation(MARKETING_NS);
  const f = useFormat();
  usePageMeta({ title: t(title), description: t(description) });
  return (
    <article className="wf-container wf-page mk-prose">
      <h1>{t(title)}</h1>
      <p className="wf-muted">
        <time dateTime={UPDATED}>
          {t('privacy.lastUpdated', {
            date: f.date(`${UPDATED}T00:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' }),
          })}
        </time>
      </p>
      {/* A legal document: its text stays in English, the language that applies, with a note saying so. */}
      <p className="wf-alert--info">{t('legal.englishNote')}</p>
      <div lang="en">{children}</div>
      <p>
        {t('legal.related')} <Link to="/privacy-policy">{t('legal.privacy')}</Link> ·{' '}
        <Link to="/terms">{t('legal.terms')}</Link> · <Link to="/cookie-policy">{t('legal.cookies')}</Link> ·{' '}
        <Link to="/dsar">{t('legal.requests')}</Link>
      </p>
    </article>
  );
}

export function TermsPage() {
  return (
    <LegalPage title="legal.termsTitle" description="legal.termsDescription">
      <h2>Using Wayfarer</h2>
      <p>
        You must be at least 13 to create an account. Keep your password safe; you are responsible for
        activity on your account.
      </p>
      <h2>Your content</h2>
      <p>
        You keep the rights to the comments and photos you post and give us a licence to show them in
        Wayfarer. Do not post content that is unlawful, hateful or that you do not have the right to share; we
        may remove it.
      </p>
      <h2>Subscriptions and purchases</h2>
      <p>
        Paid plans renew until cancelled. Upgrades are prorated immediately; downgrades apply at the next
        billing cycle. Premium includes a 7-day free trial.
      </p>
      <h2>Guides and information</h2>
      <p>
        Sight information and narrated guides are provided for enjoyment and may be incomplete. Check opening
        hours and safety on site.
      </p>
    </LegalPage>
  );
}

export function CookiePolicyPage() {
  return (
    <LegalPage title="legal.cookieTitle" description="legal.cookieDescription">
      <h2>Essential storage</h2>
      <p>
        We keep your chosen theme in your browser's local storage, and your sign-in session in its session
        storage, shared by the tabs you have open and dropped when you close the browser. Without them you
        cannot stay signed in.
      </p>
      <h2>'Stay logged in'</h2>
      <p>
        When you tick 'Stay logged in' we ask you to accept or decline a persistent session. Accepting keeps
        your session in local storage, so you stay signed in after closing the browser; declining keeps you
        signed in only for this browser session.
      </p>
      <h2>Analytics</h2>
      <p>
        We measure feature usage in aggregate on our own servers. We do not use third-party advertising
        cookies.
      </p>
      <h2>Your control</h2>
      <p>You can clear site data in your browser at any time; you will be signed out.</p>
    </LegalPage>
  );
}

export function DsarPage() {
  return (
    <LegalPage title="legal.dsarTitle" description="legal.dsarDescription">
      <p>
        You can ask us for a copy of the personal data we hold about you, to correct it, or to delete your
        account and data.
      </p>
      <h2>How to make a request</h2>
      <ol>
        <li>
          Email{' '}
          <a href="mailto:privacy@wayfarer.app?subject=Data%20subject%20access%20request">
            privacy@wayfarer.app
          </a>{' '}
          from the address of your account.
        </li>
        <li>Say whether you want a copy, a correction or deletion.</li>
        <li>We confirm your identity and answer within 30 days.</li>
      </ol>
      <p>Public comments and photos can also be deleted by you at any time from the sight page.</p>
    </LegalPage>
  );
}
