import { useId, useState } from 'react';
import { Link } from '@wayfarer/router';
import { subscribePath } from '@wayfarer/contracts/browser';
import { usePageMeta } from '@wayfarer/ui';
import { CheckIcon, XIcon } from '@wayfarer/ui/icons';
import { COMPARISON, FAQS, PLANS, SALES_EMAIL, formatPrice, planPrice, type Billing } from './pricing-plans';

function Cell({ value }: { value: string | boolean }) {
  if (typeof value === 'string') return <>{value}</>;
  return value ? (
    <CheckIcon role="img" aria-label="Included" className="wf-icon" />
  ) : (
    <span aria-label="Not included">—</span>
  );
}

export function PricingPage({ locale }: { locale?: string }) {
  usePageMeta({
    title: 'Pricing — Free, Standard and Premium plans',
    description:
      'Wayfarer plans: Free, Standard 9.99/month and Premium 19.99/month with a 7-day free trial. Save 2 months with yearly billing.',
  });
  const [billing, setBilling] = useState<Billing>('monthly');
  const toggleId = useId();
  const lang = locale ?? (typeof navigator !== 'undefined' ? navigator.language : undefined);

  return (
    <section className="wf-container wf-page mk-pricing">
      <header className="mk-hero mk-hero--small">
        <h1>Simple pricing for every traveller</h1>
        <p className="wf-muted">
          Start free. Upgrade when you want offline listening, curated tours and more.
        </p>
        <div className="mk-toggle" role="group" aria-labelledby={toggleId}>
          <span id={toggleId} className="wf-visually-hidden">
            Billing period
          </span>
          <button
            type="button"
            className={`wf-btn ${billing === 'monthly' ? '' : 'wf-btn--ghost'}`}
            aria-pressed={billing === 'monthly'}
            onClick={() => setBilling('monthly')}
          >
            Monthly
          </button>
          <button
            type="button"
            className={`wf-btn ${billing === 'yearly' ? '' : 'wf-btn--ghost'}`}
            aria-pressed={billing === 'yearly'}
            onClick={() => setBilling('yearly')}
          >
            Yearly <span className="wf-badge">Save 2 months</span>
          </button>
        </div>
      </header>

      <div className="mk-plans">
        {PLANS.map((plan) => {
          const { amount, period } = planPrice(plan, billing);
          return (
            <article
              key={plan.id}
              className={`wf-card mk-plan ${plan.badge ? 'mk-plan--featured' : ''}`}
              data-testid={`plan-${plan.id}`}
              aria-labelledby={`plan-${plan.id}-name`}
            >
              {plan.badge && <span className="wf-badge mk-plan__badge">{plan.badge}</span>}
              <h2 id={`plan-${plan.id}-name`}>{plan.name}</h2>
              <p className="mk-plan__price">
                <strong data-testid={`price-${plan.id}`}>{formatPrice(amount, lang)}</strong>
                {amount > 0 && <span className="wf-muted">{period}</span>}
              </p>
              {billing === 'yearly' && amount > 0 && <p className="mk-plan__save">Save up to 20%</p>}
              {billing === 'yearly' && amount > 0 && <p className="wf-muted">Billed yearly</p>}
              <ul className="mk-plan__features">
                {plan.features.map((f) => (
                  <li key={f}>
                    <CheckIcon aria-hidden="true" className="wf-icon" /> {f}
                  </li>
                ))}
                {plan.missing.map((f) => (
                  <li key={f} className="wf-muted">
                    <XIcon aria-hidden="true" className="wf-icon" />{' '}
                    <span className="wf-visually-hidden">Not included:</span> {f}
                  </li>
                ))}
              </ul>
              <Link className="wf-btn mk-plan__cta" to={subscribePath(plan.id, billing)}>
                Choose the {plan.name} plan
              </Link>
            </article>
          );
        })}
      </div>

      <h2>Compare plans</h2>
      <div className="mk-table-wrap">
        <table className="mk-table">
          <caption className="wf-visually-hidden">
            Feature comparison of the Free, Standard and Premium plans
          </caption>
          <thead>
            <tr>
              <th scope="col">Feature</th>
              {PLANS.map((p) => (
                <th key={p.id} scope="col">
                  {p.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {COMPARISON.map((row) => (
              <tr key={row.feature}>
                <th scope="row">{row.feature}</th>
                <td>
                  <Cell value={row.free} />
                </td>
                <td>
                  <Cell value={row.standard} />
                </td>
                <td>
                  <Cell value={row.premium} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2>Frequently asked questions</h2>
      <div className="mk-faqs">
        {FAQS.map((f) => (
          <details key={f.q} className="wf-card mk-faq">
            <summary>{f.q}</summary>
            <p>{f.a}</p>
          </details>
        ))}
      </div>

      <aside className="wf-card mk-sales">
        <h2>Travelling as a team or a school?</h2>
        <p>We offer group plans and invoicing for tour operators, schools and companies.</p>
        <a className="wf-btn" href={`mailto:${SALES_EMAIL}?subject=Wayfarer%20sales%20enquiry`}>
          Contact Sales
        </a>
      </aside>
    </section>
  );
}
