import { usePageMeta } from '@wayfarer/ui';
import { useFormat, useTranslation } from '@wayfarer/i18n';
import { MARKETING_NS } from '../../i18n';
import { ContactForm } from './components/contact-form';
import { IncomeStatement } from './components/income-statement';
import { LatestNews } from '../news';
import { InvestRoadmap } from './components/invest-roadmap';
import { TierMix } from './components/tier-mix';
import { CASES, GOVERNANCE, THESIS, kpis, metrics } from './invest-content';

/** /invest (spec point 2): KPIs, thesis, income statement, metrics, tier mix, cases, news, roadmap, governance. */
export function InvestPage() {
  const { t } = useTranslation(MARKETING_NS);
  const f = useFormat();
  usePageMeta({ title: t('invest.metaTitle'), description: t('invest.metaDescription') });

  return (
    <div className="wf-container wf-page mk-invest">
      <header className="mk-hero">
        <h1>{t('invest.title')}</h1>
        <p className="mk-lead wf-muted">{t('invest.lead')}</p>
      </header>

      <section className="mk-section" aria-labelledby="inv-kpi">
        <h2 id="inv-kpi">{t('invest.kpis')}</h2>
        <div className="mk-grid">
          {kpis(t, f).map((k) => (
            <div key={k.label} className="wf-card mk-kpi">
              <strong>{k.value}</strong>
              <span className="wf-muted">{k.label}</span>
            </div>
          ))}
        </div>
      </section>

      <section className="mk-section mk-prose" aria-labelledby="inv-thesis">
        <h2 id="inv-thesis">{t('invest.thesis')}</h2>
        <ul>
          {THESIS.map((k) => (
            <li key={k}>{t(k)}</li>
          ))}
        </ul>
      </section>

      <IncomeStatement />

      <section className="mk-section" aria-labelledby="inv-metrics">
        <h2 id="inv-metrics">{t('invest.metrics')}</h2>
        <dl className="mk-grid">
          {metrics(t, f).map((m) => (
            <div key={m.label} className="wf-card mk-kpi">
              <dt className="wf-muted">{m.label}</dt>
              <dd>
                <strong>{m.value}</strong>
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <TierMix />

      <section className="mk-section" aria-labelledby="inv-cases">
        <h2 id="inv-cases">{t('invest.cases')}</h2>
        <div className="mk-grid">
          {CASES.map((c) => (
            <article key={c.title} className="wf-card">
              <h3>{t(c.title)}</h3>
              <p>{t(c.text)}</p>
            </article>
          ))}
        </div>
      </section>

      <LatestNews headingId="inv-news" title={t('news.title')} />

      <InvestRoadmap />

      <section className="mk-section mk-prose" aria-labelledby="inv-gov">
        <h2 id="inv-gov">{t('invest.governance')}</h2>
        <ul>
          {GOVERNANCE.map((k) => (
            <li key={k}>{t(k)}</li>
          ))}
        </ul>
      </section>

      <section className="mk-section" aria-labelledby="mk-inv-contact">
        <h2 id="mk-inv-contact">{t('invest.contact')}</h2>
        <ContactForm />
      </section>
    </div>
  );
}
