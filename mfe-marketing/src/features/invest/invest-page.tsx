import { usePageMeta } from '@wayfarer/ui';
import { ContactForm } from './components/contact-form';
import { IncomeStatement } from './components/income-statement';
import { LatestNews } from '../news';
import { InvestRoadmap } from './components/invest-roadmap';
import { TierMix } from './components/tier-mix';
import { CASES, KPIS, METRICS } from './invest-content';

/** /invest (spec point 2): KPIs, thesis, income statement, metrics, tier mix, cases, news, roadmap, governance. */
export function InvestPage() {
  usePageMeta({
    title: 'Invest in Wayfarer',
    description:
      'Wayfarer investor overview: KPIs, thesis, projected 3-year income statement, tier mix, roadmap and governance.',
  });

  return (
    <div className="wf-container wf-page mk-invest">
      <header className="mk-hero">
        <h1>Invest in Wayfarer</h1>
        <p className="mk-lead wf-muted">
          Audio-guided exploration for every sight on the map — a subscription business built on open data.
        </p>
      </header>

      <section className="mk-section" aria-labelledby="inv-kpi">
        <h2 id="inv-kpi">Key figures</h2>
        <div className="mk-grid">
          {KPIS.map((k) => (
            <div key={k.label} className="wf-card mk-kpi">
              <strong>{k.value}</strong>
              <span className="wf-muted">{k.label}</span>
            </div>
          ))}
        </div>
      </section>

      <section className="mk-section mk-prose" aria-labelledby="inv-thesis">
        <h2 id="inv-thesis">Investment thesis</h2>
        <ul>
          <li>Travellers already carry the device: audio guides need no hardware and no printed material.</li>
          <li>
            Open data (Wikidata, Commons, OpenStreetMap) gives a worldwide catalogue at near-zero content
            cost.
          </li>
          <li>Community comments, ratings and photos make the catalogue better with every visit.</li>
          <li>Three revenue streams — subscriptions, day passes and operator licences — spread the risk.</li>
        </ul>
      </section>

      <IncomeStatement />

      <section className="mk-section" aria-labelledby="inv-metrics">
        <h2 id="inv-metrics">Management metrics</h2>
        <dl className="mk-grid">
          {METRICS.map((m) => (
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
        <h2 id="inv-cases">Case studies</h2>
        <div className="mk-grid">
          {CASES.map((c) => (
            <article key={c.title} className="wf-card">
              <h3>{c.title}</h3>
              <p>{c.text}</p>
            </article>
          ))}
        </div>
      </section>

      <LatestNews headingId="inv-news" title="News" />

      <InvestRoadmap />

      <section className="mk-section mk-prose" aria-labelledby="inv-gov">
        <h2 id="inv-gov">Governance</h2>
        <ul>
          <li>
            Board of three: two founders and one independent director; quarterly board meetings with written
            minutes.
          </li>
          <li>
            Annual audit of accounts by an independent firm; monthly management accounts shared with
            investors.
          </li>
          <li>Privacy by design: data-protection review for every feature that touches personal data.</li>
          <li>Admin actions in the product are recorded in an audit log.</li>
        </ul>
      </section>

      <section className="mk-section" aria-labelledby="mk-inv-contact">
        <h2 id="mk-inv-contact">Contact investor relations</h2>
        <ContactForm />
      </section>
    </div>
  );
}
