import { jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FollowedStation as Station } from '../follow-me';
import { FollowMe } from '../follow-me';

type Fix = (p: { coords: { latitude: number; longitude: number } }) => void;
type Fail = (e: { code: number; PERMISSION_DENIED: number }) => void;
let watchers: { ok: Fix; fail: Fail; id: number }[] = [];
const cleared: number[] = [];

beforeEach(() => {
  watchers = [];
  cleared.length = 0;
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      watchPosition: (ok: Fix, fail: Fail) => {
        const id = watchers.length + 1;
        watchers.push({ ok, fail, id });
        return id;
      },
      clearWatch: (id: number) => cleared.push(id),
    },
  });
});

const north = (m: number) => ({ coords: { latitude: 48.8584 + m / 111_195, longitude: 2.2945 } });
const stations: Station[] = [
  { id: 'a', title: 'Gate', latitude: 48.8584, longitude: 2.2945 },
  { id: 'b', title: 'Tower', latitude: 48.8584 + 300 / 111_195, longitude: 2.2945 },
];
const move = (m: number) => act(() => watchers[watchers.length - 1].ok(north(m)));

describe('FollowMe', () => {
  it('starts each station once when its radius is entered, also when the page passes a new array of the same stations', () => {
    const onEnter = jest.fn();
    const onPosition = jest.fn();
    const { rerender } = render(<FollowMe stations={stations} onEnter={onEnter} onPosition={onPosition} />);
    expect(watchers).toHaveLength(0); // nothing is asked before the user opts in
    fireEvent.click(screen.getByRole('checkbox', { name: /Follow me/ }));
    expect(screen.getByRole('status').textContent).toBe('Waiting for your position…');
    move(-2000);
    expect(onEnter).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('Nearest station: Gate, 2.0 km away');
    move(30);
    expect(onEnter.mock.calls).toEqual([[0]]);
    move(5);
    move(-500);
    move(-10);
    rerender(
      <FollowMe stations={stations.map((s) => ({ ...s }))} onEnter={onEnter} onPosition={onPosition} />,
    );
    move(0);
    expect(onEnter.mock.calls).toEqual([[0]]);
    move(290);
    move(300);
    expect(onEnter.mock.calls).toEqual([[0], [1]]);
    expect(onPosition).toHaveBeenLastCalledWith({ lat: expect.closeTo(48.8611, 4), lon: 2.2945 });
    // A new guide (other station ids) starts afresh.
    rerender(<FollowMe stations={[{ ...stations[0], id: 'c' }]} onEnter={onEnter} onPosition={onPosition} />);
    move(0);
    expect(onEnter.mock.calls).toEqual([[0], [1], [0]]);
    fireEvent.click(screen.getByRole('checkbox', { name: /Follow me/ }));
    expect(cleared).toEqual([1]);
  });

  it('applies a typed radius such as 25 m (typing passes through 2) and clamps it when leaving the field', async () => {
    const onEnter = jest.fn();
    render(<FollowMe stations={stations} onEnter={onEnter} />);
    const field = screen.getByRole('spinbutton', { name: 'Follow me radius in metres' });
    await userEvent.clear(field);
    await userEvent.type(field, '25');
    expect((field as HTMLInputElement).value).toBe('25');
    fireEvent.click(screen.getByRole('checkbox', { name: /Follow me/ }));
    move(30);
    expect(onEnter).not.toHaveBeenCalled();
    move(20);
    expect(onEnter.mock.calls).toEqual([[0]]);
    await userEvent.clear(field);
    await userEvent.type(field, '7');
    fireEvent.blur(field);
    expect((field as HTMLInputElement).value).toBe('10');
    await userEvent.clear(field);
    await userEvent.type(field, '9000');
    fireEvent.blur(field);
    expect((field as HTMLInputElement).value).toBe('500');
    move(280);
    expect(onEnter.mock.calls).toEqual([[0], [1]]);
  });

  it('turns itself off with a message when the permission is denied', () => {
    render(<FollowMe stations={stations} onEnter={jest.fn()} />);
    const box = screen.getByRole('checkbox', { name: /Follow me/ });
    fireEvent.click(box);
    act(() => watchers[0].fail({ code: 1, PERMISSION_DENIED: 1 }));
    expect(screen.getByRole('alert').textContent).toBe('Location permission was denied.');
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(cleared).toEqual([1]);
  });

  it('says so when no station has a location', () => {
    render(<FollowMe stations={[{ id: 'x', title: 'Somewhere' }]} onEnter={jest.fn()} />);
    fireEvent.click(screen.getByRole('checkbox', { name: /Follow me/ }));
    move(0);
    expect(screen.getByRole('status').textContent).toBe('No station of this guide has a location to follow.');
  });
});
