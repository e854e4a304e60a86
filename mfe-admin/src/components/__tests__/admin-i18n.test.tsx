import { act, render, screen } from '@testing-library/react';
import { applyLanguage } from '@wayfarer/i18n';
import { adminCatalogReady } from '../../i18n';
import { AdminListHead } from '../admin-list-head';
import { Growth, Panel } from '../panel';

// Intl separates a number and its percent sign with a (narrow) no-break space in French.
const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

function Head({ error }: { error: string }) {
  return (
    <AdminListHead
      title="News"
      newLabel="New news item"
      creating={false}
      onToggleCreate={() => undefined}
      counts={{ total: 3, published: 2, drafts: 1 }}
      countsTestId="counts"
      error={error}
      onDismissError={() => undefined}
    />
  );
}

describe('admin screens in the active language', () => {
  beforeAll(async () => {
    await adminCatalogReady;
  });
  afterEach(async () => {
    await act(() => applyLanguage('en'));
  });

  it('keeps the spec English by default and shows its fallback message translated in French', async () => {
    const { rerender } = render(<Head error="Failed to fetch news" />);
    expect(screen.getByTestId('counts').textContent).toBe('3 items · 2 published · 1 drafts');
    expect(screen.getByText('Failed to fetch news')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Dismiss' })).toBeTruthy();

    await act(() => applyLanguage('fr'));
    rerender(<Head error="Failed to fetch news" />);
    expect(screen.getByTestId('counts').textContent).toBe('Éléments : 3 · publiés : 2 · brouillons : 1');
    expect(screen.getByText('Impossible de récupérer les actualités')).toBeTruthy();
    expect(screen.queryByText('Failed to fetch news')).toBeNull();
    expect(screen.getByRole('button', { name: 'Ignorer' })).toBeTruthy();
  });

  it('shows a message the server sent as sent, and the spec’s HTTP status message translated', async () => {
    await act(() => applyLanguage('de'));
    const { rerender } = render(<Head error="News item is locked" />);
    expect(screen.getByText('News item is locked')).toBeTruthy();
    rerender(
      <Panel
        title="Überblick"
        headingId="h"
        loading={false}
        error="HTTP 500"
        errorTitle="Failed to load dashboard data"
        onRetry={() => undefined}
      >
        <p>content</p>
      </Panel>,
    );
    expect(screen.getByText('Die Dashboard-Daten konnten nicht geladen werden')).toBeTruthy();
    expect(screen.getByText('HTTP-Fehler 500')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });

  it('formats a growth percentage and its trend in the locale (Arabic format and words)', async () => {
    const { rerender, container } = render(<Growth value={12.5} />);
    expect(container.textContent).toContain('12.5%');
    expect(screen.getByRole('img', { name: 'Up' })).toBeTruthy();
    await act(() => applyLanguage('fr'));
    rerender(<Growth value={-12.5} />);
    expect(plain(container.textContent)).toContain('12,5 %');
    expect(screen.getByRole('img', { name: 'En baisse' })).toBeTruthy();
    await act(() => applyLanguage('ar'));
    rerender(<Growth value={0} />);
    expect(screen.getByRole('img', { name: 'بلا تغيير' })).toBeTruthy();
    // Arabic's own percent format (with its direction marks), not English's '0%'.
    const arabic = new Intl.NumberFormat('ar', { style: 'percent' }).format(0);
    expect(arabic).not.toBe('0%');
    expect(container.textContent).toContain(arabic);
  });
});
