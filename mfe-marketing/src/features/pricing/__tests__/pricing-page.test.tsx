import { render, screen, fireEvent } from '@testing-library/react';
import { MemoryRouter } from '@wayfarer/router';
import { PricingPage } from '../pricing-page';
import { formatPrice, PLANS } from '../pricing-plans';

function renderPage(locale = 'en-US') {
  return render(
    <MemoryRouter>
      <PricingPage locale={locale} />
    </MemoryRouter>,
  );
}

describe('pricing page', () => {
  it('shows monthly prices by default and no yearly saving', () => {
    renderPage();
    expect(screen.getByTestId('price-free').textContent).toBe('$0');
    expect(screen.getByTestId('price-standard').textContent).toBe('$9.99');
    expect(screen.getByTestId('price-premium').textContent).toBe('$19.99');
    expect(screen.queryByText('Save up to 20%')).toBeNull();
    expect(screen.getByText('Save 2 months')).toBeTruthy();
  });

  it('switches to yearly prices with "Save up to 20%" on the paid plans only', () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: /Yearly/ }));
    expect(screen.getByTestId('price-standard').textContent).toBe('$95.88');
    expect(screen.getByTestId('price-premium').textContent).toBe('$191.88');
    expect(screen.getByTestId('price-free').textContent).toBe('$0');
    expect(screen.getAllByText('Save up to 20%')).toHaveLength(2);
    expect(screen.getByTestId('plan-free').textContent).not.toContain('Save up to 20%');
    fireEvent.click(screen.getByRole('button', { name: 'Monthly' }));
    expect(screen.getByTestId('price-standard').textContent).toBe('$9.99');
  });

  it('keeps the chosen period in the checkout links: yearly adds period=yearly to the paid plans', () => {
    renderPage();
    const href = (name: string) =>
      screen.getByRole('link', { name: `Choose the ${name} plan` }).getAttribute('href');
    fireEvent.click(screen.getByRole('button', { name: /Yearly/ }));
    expect(href('Standard')).toBe('/subscribe?plan=standard&period=yearly');
    expect(href('Premium')).toBe('/subscribe?plan=premium&period=yearly');
    expect(href('Free')).toBe('/subscribe?plan=free');
    fireEvent.click(screen.getByRole('button', { name: 'Monthly' }));
    expect(href('Standard')).toBe('/subscribe?plan=standard');
    expect(href('Premium')).toBe('/subscribe?plan=premium');
  });

  it('formats prices for the visitor locale', () => {
    renderPage('de-DE');
    expect(screen.getByTestId('price-standard').textContent).toBe(formatPrice(9.99, 'de-DE'));
    expect(screen.getByTestId('price-standard').textContent).toMatch(/9,99/);
  });

  it('has badges, subscribe links, comparison table, four FAQs and a sales mail link', () => {
    renderPage();
    expect(screen.getByTestId('plan-standard').textContent).toContain('Most popular');
    expect(screen.getByTestId('plan-premium').textContent).toContain('Best value');
    for (const p of PLANS) {
      expect(screen.getByRole('link', { name: `Choose the ${p.name} plan` }).getAttribute('href')).toBe(
        `/subscribe?plan=${p.id}`,
      );
    }
    expect(screen.getByRole('table')).toBeTruthy();
    expect(document.querySelectorAll('details')).toHaveLength(4);
    expect(screen.getByText(/7-day free trial/, { selector: 'p' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact Sales' }).getAttribute('href')).toMatch(/^mailto:/);
  });
});
