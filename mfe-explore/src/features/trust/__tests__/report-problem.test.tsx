import { jest } from '@jest/globals';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  initialUserState,
  sessionStore,
  setSupabaseForTests,
  userStateAtom,
  type WayfarerSupabase,
} from '@wayfarer/session';
import { withQueryClient } from '@wayfarer/session/testing';
import { ReportProblem } from '../report-problem';
import { ReportOutcomes } from '../report-outcomes';

const guideStation = {
  id: 'st2',
  title: 'Tower',
  text: 'The tower.',
  audio_url: '/guides/audio/st2',
  sentences: [],
};
type Call = { path: string; method: string; body: unknown; auth: string | null };
let calls: Call[] = [];
let answer: (path: string) => Response;

function signIn(id: string | null) {
  sessionStore.set(userStateAtom, {
    ...initialUserState,
    initialized: true,
    user: id
      ? {
          id,
          email: `${id}@x`,
          display_name: id,
          gender: null,
          birthdate: null,
          avatar_url: null,
          isAdmin: false,
        }
      : null,
  } as never);
}

beforeEach(() => {
  calls = [];
  setSupabaseForTests({
    auth: {
      getSession: async () => ({
        data: { session: { access_token: 'tok', user: { id: 'u1' } } },
        error: null,
      }),
    },
  } as unknown as WayfarerSupabase);
  answer = () =>
    new Response(
      JSON.stringify({ ok: true, report: {}, message: 'Thank you: an admin will look at this station.' }),
    );
  globalThis.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const path = new URL(String(input)).pathname;
    calls.push({
      path,
      method: init?.method ?? 'GET',
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      auth: new Headers(init?.headers).get('authorization'),
    });
    return answer(path);
  }) as unknown as typeof fetch;
});
afterEach(() => setSupabaseForTests(null));

describe('ReportProblem', () => {
  it('is offered to signed-in listeners on their guide stations only', () => {
    signIn(null);
    const { wrapper } = withQueryClient();
    const { rerender } = render(<ReportProblem sightId="s1" station={guideStation} number={2} />, {
      wrapper,
    });
    expect(screen.queryByRole('button', { name: 'Report a problem' })).toBeNull();
    act(() => signIn('u1'));
    // The sight's own stations (no sentence timings: not from a guide) cannot be reported.
    rerender(<ReportProblem sightId="s1" station={{ id: 'own', title: 'Own', text: 'x' }} number={1} />);
    expect(screen.queryByRole('button', { name: 'Report a problem' })).toBeNull();
    rerender(<ReportProblem sightId="s1" station={guideStation} number={2} />);
    expect(screen.getByRole('button', { name: 'Report a problem' })).toBeTruthy();
  });

  it('is a labelled dialog worked from the keyboard: focus on the first reason, Escape closes and returns focus', async () => {
    signIn('u1');
    const user = userEvent.setup();
    render(<ReportProblem sightId="s1" station={guideStation} number={2} />, {
      wrapper: withQueryClient().wrapper,
    });
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Report a problem' }));
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Report a problem with station 2' });
    expect(screen.getByRole('group', { name: 'What is wrong?' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Inaccurate' }));
    expect(
      screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).labels?.[0]?.textContent?.trim()),
    ).toEqual(['Inaccurate', 'Offensive', 'Audio broken', 'Other']);
    expect((screen.getByLabelText('Note (optional)') as HTMLTextAreaElement).maxLength).toBe(1000);
    expect(dialog).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Report a problem' })),
    );
    expect(calls).toEqual([]);
  });

  it('asks for a reason, then sends the reason and the note with the bearer token', async () => {
    signIn('u1');
    const user = userEvent.setup();
    render(<ReportProblem sightId="s1" station={guideStation} number={2} />, {
      wrapper: withQueryClient().wrapper,
    });
    await user.click(screen.getByRole('button', { name: 'Report a problem' }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(screen.getByRole('alert').textContent).toBe('Please choose what is wrong.');
    expect(calls).toEqual([]);
    await user.click(screen.getByRole('radio', { name: 'Audio broken' }));
    await user.type(screen.getByLabelText('Note (optional)'), 'Silent after 0:10');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() =>
      expect(screen.getByTestId('report-sent').textContent).toBe(
        'Thank you: an admin will look at this station.',
      ),
    );
    expect(calls[0]).toEqual({
      path: '/guides/stations/st2/reports',
      method: 'POST',
      body: { reason: 'audio_broken', note: 'Silent after 0:10' },
      auth: 'Bearer tok',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the API's message when the report is refused", async () => {
    signIn('u1');
    answer = () =>
      new Response(
        JSON.stringify({ error: 'You have already reported this station; an admin will look at it.' }),
        { status: 409 },
      );
    const user = userEvent.setup();
    render(<ReportProblem sightId="s1" station={guideStation} number={2} />, {
      wrapper: withQueryClient().wrapper,
    });
    await user.click(screen.getByRole('button', { name: 'Report a problem' }));
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'You have already reported this station; an admin will look at it.',
      ),
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('ReportOutcomes', () => {
  it('tells the listener what became of their reports on the sight', async () => {
    signIn('u1');
    const report = (id: string, n: number, outcome: string | null) => ({
      id,
      station_id: `st${n}`,
      guide_id: 'g1',
      station_number: n,
      station_title: `Stop ${n}`,
      reason: 'inaccurate',
      note: '',
      status: outcome ? 'resolved' : 'open',
      outcome,
      created_at: '2026-11-24T00:00:00Z',
      resolved_at: null,
    });
    answer = (path) =>
      path === '/sights/s1/reports/mine'
        ? new Response(
            JSON.stringify({
              items: [report('r2', 2, 'fixed'), report('r3', 3, 'hidden'), report('r1', 1, null)],
            }),
          )
        : new Response('{"error":"unexpected"}', { status: 500 });
    render(<ReportOutcomes sightId="s1" />, { wrapper: withQueryClient().wrapper });
    await waitFor(() => expect(screen.getAllByTestId('report-outcome')).toHaveLength(3));
    expect(screen.getAllByTestId('report-outcome').map((li) => li.textContent)).toEqual([
      'Your report on station 2: fixed (Stop 2)',
      'Your report on station 3: station removed (Stop 3)',
      'Your report on station 1: open, an admin will look at it (Stop 1)',
    ]);
  });
});
