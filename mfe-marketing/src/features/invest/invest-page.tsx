import { useState, type FormEvent } from 'react';
import { Link } from '@wayfarer/router';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ErrorBox, Loading, usePageMeta } from '@wayfarer/ui';
import { COST_ASSUMPTIONS, TAX_RATE, TIERS, YEARS, formatRM, incomeStatement, tierRevenue, type IncomeYear } from './invest-model';
import { STATUS_LABEL, usePublishedRoadmap, type RoadmapStatus } from '../shared';
import { NewsCard, usePublishedNews } from '../news';

const KPIS = [
  { label: 'Sights in the catalogue', value: '15,895' },
  { label: 'Countries covered', value: '150+' },
  { label: 'Projected year-3 revenue', value: formatRM(158_000) },
  { label: 'Projected revenue growth, year 1 → 3', value: `${Math.round((158_000 / 82_000 - 1) * 100)}%` },
];

const METRICS = [
  { label: 'Monthly active travellers (target, year 1)', value: '4,500' },
  { label: 'Free → paid conversion (target)', value: '6%' },
  { label: 'Monthly paid churn (target)', value: '< 4%' },
  { label: 'Customer acquisition cost (target)', value: formatRM(18) },
  { label: 'Gross margin (assumed)', value: `${Math.round((1 - COST_ASSUMPTIONS.cogsRate) * 100)}%` },
];

const CASES = [
  { title: 'A walking-tour operator in Penang', text: 'Replaced printed leaflets with Wayfarer guides for 12 heritage stops; tourists now follow the route on their own phones in four languages.' },
  { title: 'A city museum in Vienna', text: 'Linked its collection highlights to nearby sights so visitors continue the story outside, with comments showing which stops people liked most.' },
  { title: 'A school trip to Edinburgh', text: 'Teachers prepared the route on the map beforehand; students listened to narrated stations at the castle and posted photos for the class.' },
];

const ROWS: { key: keyof IncomeYear; label: string; strong?: boolean; negative?: boolean }[] = [
  { key: 'revenue', label: 'Revenue', strong: true },
  { key: 'cogs', label: 'Cost of revenue', negative: true },
  { key: 'grossProfit', label: 'Gross profit', strong: true },
  { key: 'staff', label: 'Staff', negative: true },
  { key: 'marketing', label: 'Marketing', negative: true },
  { key: 'generalAdmin', label: 'General and administrative', negative: true },
  { key: 'operatingIncome', label: 'Income before tax', strong: true },
  { key: 'tax', label: `Tax (${Math.round(TAX_RATE * 100)}%)`, negative: true },
  { key: 'netIncome', label: 'Net income', strong: true },
];

const COLORS = ['#4f8cff', '#3ecf8e', '#f5a524'];
const STATUS_ORDER: RoadmapStatus[] = ['completed', 'in_progress', 'planned'];

function ContactForm() {
  const [values, setValues] = useState({ name: '', email: '', message: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof values, string>>>({});
  const [checked, setChecked] = useState(false);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!values.name.trim()) next.name = 'Please enter your name.';
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) next.email = 'Please enter a valid email address.';
    if (values.message.trim().length < 10) next.message = 'Please write at least 10 characters.';
    setErrors(next);
    setChecked(Object.keys(next).length === 0);
  };
  const field = (k: keyof typeof values, label: string, type = 'text') => (
    <div>
      <label className="wf-label" htmlFor={`mk-inv-${k}`}>
        {label}
      </label>
      {k === 'message' ? (
        <textarea id={`mk-inv-${k}`} className="wf-input" rows={4} value={values[k]} aria-invalid={!!errors[k]}
          aria-describedby={errors[k] ? `mk-inv-${k}-err` : undefined}
          onChange={(e) => setValues({ ...values, [k]: e.target.value })} />
      ) : (
        <input id={`mk-inv-${k}`} className="wf-input" type={type} value={values[k]} aria-invalid={!!errors[k]}
          aria-describedby={errors[k] ? `mk-inv-${k}-err` : undefined}
          onChange={(e) => setValues({ ...values, [k]: e.target.value })} />
      )}
      {errors[k] && (
        <p id={`mk-inv-${k}-err`} className="wf-alert--error" role="alert">
          {errors[k]}
        </p>
      )}
    </div>
  );
  return (
    <form className="mk-form" noValidate onSubmit={onSubmit} aria-labelledby="mk-inv-contact">
      <p className="wf-muted">This form checks your details but does not send them anywhere. Please email investors@wayfarer.app.</p>
      {field('name', 'Name')}
      {field('email', 'Email', 'email')}
      {field('message', 'Message')}
      <button className="wf-btn" type="submit">
        Check details
      </button>
      {checked && (
        <p className="wf-alert--info" role="status">
          Your details look good. Nothing was sent: please email them to{' '}
          <a href="mailto:investors@wayfarer.app">investors@wayfarer.app</a>.
        </p>
      )}
    </form>
  );
}

export function InvestPage() {
  usePageMeta({
    title: 'Invest in Wayfarer',
    description: 'Wayfarer investor overview: KPIs, thesis, projected 3-year income statement, tier mix, roadmap and governance.',
  });
  const statement = incomeStatement();
  const revenueData = statement.map((y) => ({ year: y.year, Revenue: y.revenue, 'Net income': y.netIncome }));
  const mixData = TIERS.map((t) => ({ name: `${t.name} (${formatRM(t.price)})`, value: tierRevenue(t, 2) }));
  const roadmap = usePublishedRoadmap();
  const news = usePublishedNews();

  return (
    <div className="wf-container wf-page mk-invest">
      <header className="mk-hero">
        <h1>Invest in Wayfarer</h1>
        <p className="mk-lead wf-muted">Audio-guided exploration for every sight on the map — a subscription business built on open data.</p>
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
          <li>Open data (Wikidata, Commons, OpenStreetMap) gives a worldwide catalogue at near-zero content cost.</li>
          <li>Community comments, ratings and photos make the catalogue better with every visit.</li>
          <li>Three revenue streams — subscriptions, day passes and operator licences — spread the risk.</li>
        </ul>
      </section>

      <section className="mk-section" aria-labelledby="inv-is">
        <h2 id="inv-is">Projected income statement (RM)</h2>
        <div className="mk-table-wrap">
          <table className="mk-table" data-testid="income-statement">
            <thead>
              <tr>
                <th scope="col">Line</th>
                {YEARS.map((y) => (
                  <th key={y} scope="col">{y}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {ROWS.map((r) => (
                <tr key={r.key}>
                  <th scope="row">{r.strong ? <strong>{r.label}</strong> : r.label}</th>
                  {statement.map((y) => (
                    <td key={y.year}>
                      {r.negative ? '−' : ''}
                      {formatRM(y[r.key] as number)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="wf-muted">
          Assumptions: revenue is the tier mix below (82,000 / 114,000 / 158,000 RM); cost of revenue (hosting, speech
          synthesis, map data, payment fees) {Math.round(COST_ASSUMPTIONS.cogsRate * 100)}% of revenue; marketing{' '}
          {Math.round(COST_ASSUMPTIONS.marketingRate * 100)}% of revenue; staff {COST_ASSUMPTIONS.staff.map((n) => formatRM(n)).join(' / ')};
          general and administrative {COST_ASSUMPTIONS.generalAdmin.map((n) => formatRM(n)).join(' / ')}; tax{' '}
          {Math.round(TAX_RATE * 100)}% of positive income before tax. Projections, not forecasts.
        </p>
        <figure className="mk-chart" aria-label="Bar chart of projected revenue and net income by year">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={revenueData}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="year" />
              <YAxis tickFormatter={(v: number) => `${v / 1000}k`} />
              <Tooltip formatter={(v) => formatRM(Number(v))} />
              <Legend />
              <Bar dataKey="Revenue" fill={COLORS[0]} />
              <Bar dataKey="Net income" fill={COLORS[1]} />
            </BarChart>
          </ResponsiveContainer>
        </figure>
      </section>

      <section className="mk-section" aria-labelledby="inv-metrics">
        <h2 id="inv-metrics">Management metrics</h2>
        <dl className="mk-grid">
          {METRICS.map((m) => (
            <div key={m.label} className="wf-card mk-kpi">
              <dt className="wf-muted">{m.label}</dt>
              <dd><strong>{m.value}</strong></dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="mk-section" aria-labelledby="inv-mix">
        <h2 id="inv-mix">Tier mix</h2>
        <div className="mk-table-wrap">
          <table className="mk-table">
            <thead>
              <tr>
                <th scope="col">Tier</th>
                <th scope="col">Price</th>
                {YEARS.map((y) => (
                  <th key={y} scope="col">{y} revenue</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {TIERS.map((t) => (
                <tr key={t.id}>
                  <th scope="row">{t.name}</th>
                  <td>{formatRM(t.price)} {t.unit}</td>
                  {YEARS.map((y, i) => (
                    <td key={y}>{formatRM(tierRevenue(t, i))}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <figure className="mk-chart" aria-label="Pie chart of year-3 revenue by tier">
          <ResponsiveContainer width="100%" height="100%">
            <PieChart>
              <Pie data={mixData} dataKey="value" nameKey="name" outerRadius="75%" label={false}>
                {mixData.map((d, i) => (
                  <Cell key={d.name} fill={COLORS[i % COLORS.length]} />
                ))}
              </Pie>
              <Tooltip formatter={(v) => formatRM(Number(v))} />
              <Legend />
            </PieChart>
          </ResponsiveContainer>
        </figure>
      </section>

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

      <section className="mk-section" aria-labelledby="inv-news">
        <h2 id="inv-news">News</h2>
        {news.status === 'pending' && <Loading message="Loading news…" />}
        {news.status === 'error' && <p className="wf-muted">News is unavailable right now.</p>}
        {news.status === 'success' &&
          (news.data.length === 0 ? <p className="wf-muted">No news yet.</p> : (
            <div className="mk-grid">
              {news.data.slice(0, 3).map((n) => <NewsCard key={n.id} item={n} />)}
            </div>
          ))}
        <p><Link to="/news">All news</Link></p>
      </section>

      <section className="mk-section" aria-labelledby="inv-roadmap">
        <h2 id="inv-roadmap">Roadmap</h2>
        {roadmap.status === 'pending' && <Loading message="Loading roadmap…" />}
        {roadmap.status === 'error' && <ErrorBox>{roadmap.error.message || 'Failed to fetch roadmap'}</ErrorBox>}
        {roadmap.status === 'success' && (
          <div className="mk-grid" data-testid="roadmap">
            {STATUS_ORDER.map((st) => {
              const items = roadmap.data.filter((r) => r.status === st);
              return (
                <div key={st} className="wf-card">
                  <h3>{STATUS_LABEL[st]} <span className="wf-badge">{items.length}</span></h3>
                  {items.length === 0 ? <p className="wf-muted">Nothing here yet.</p> : (
                    <ul>
                      {items.map((r) => (
                        <li key={r.id}>
                          <strong>{r.title}</strong>
                          {r.description && <span className="wf-muted"> — {r.description}</span>}
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              );
            })}
          </div>
        )}
      </section>

      <section className="mk-section mk-prose" aria-labelledby="inv-gov">
        <h2 id="inv-gov">Governance</h2>
        <ul>
          <li>Board of three: two founders and one independent director; quarterly board meetings with written minutes.</li>
          <li>Annual audit of accounts by an independent firm; monthly management accounts shared with investors.</li>
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
