import { useEffect, useLayoutEffect } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from '@wayfarer/router';
import { useExploreView } from '../use-explore-view';

function Explore() {
  const { view } = useExploreView();
  return <p>explore at {view.lat}</p>;
}

/** A navigation made right after the explore page's commit, before its passive effects (a quick click on a link). */
function LeaveAtOnce() {
  const navigate = useNavigate();
  useLayoutEffect(() => void navigate('/pricing'), [navigate]);
  return null;
}

/** The page a visitor comes from: as in the shell, the router is mounted (and listening) before explore is. */
function Start({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => void navigate(to), [navigate, to]);
  return null;
}

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="location">{pathname + search}</output>;
}

const renderAt = (path: string, extra?: React.ReactNode) =>
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<Start to={path} />} />
        <Route
          path="/explore"
          element={
            <>
              <Explore />
              {extra}
            </>
          }
        />
        <Route path="/pricing" element={<p>pricing</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );

describe('useExploreView: the default view in the URL', () => {
  it('writes the default point into a URL without one', () => {
    const { getByLabelText } = renderAt('/explore');
    expect(getByLabelText('location').textContent).toMatch(/^\/explore\?lat=[-\d.]+&lon=[-\d.]+&km=\d+/);
  });

  it('keeps a URL that has a point as it is', () => {
    const { getByLabelText } = renderAt('/explore?lat=41.9&lon=12.5&km=3');
    expect(getByLabelText('location').textContent).toBe('/explore?lat=41.9&lon=12.5&km=3');
  });

  it('never sends back to /explore a visitor who followed a link right after the page appeared', () => {
    const { getByLabelText, getByText } = renderAt('/explore', <LeaveAtOnce />);
    expect(getByLabelText('location').textContent).toBe('/pricing');
    expect(getByText('pricing')).toBeTruthy();
  });
});
