import { render } from '@testing-library/react';
import {
  iconMarkup,
  StarIcon,
  starIconNode,
  castleIconNode,
  landmarkIconNode,
  treesIconNode,
} from '../icons';

describe('icons', () => {
  it('renders an SVG icon, hidden from assistive technology unless it is given a name', () => {
    const { container } = render(
      <>
        <StarIcon aria-hidden="true" className="wf-icon" />
        <StarIcon role="img" aria-label="Rated" />
      </>,
    );
    const [hidden, named] = Array.from(container.querySelectorAll('svg'));
    expect(hidden!.getAttribute('aria-hidden')).toBe('true');
    expect(hidden!.getAttribute('class')).toContain('wf-icon');
    expect(named!.getAttribute('aria-label')).toBe('Rated');
    expect(named!.getAttribute('aria-hidden')).toBeNull();
  });

  it('gives the same shapes as markup, for HTML built as a string (map markers)', () => {
    for (const node of [starIconNode, castleIconNode, landmarkIconNode, treesIconNode])
      expect(node.length).toBeGreaterThan(0);
    const html = iconMarkup(starIconNode, 'wf-icon pin');
    const { container } = render(<div dangerouslySetInnerHTML={{ __html: html }} />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('class')).toBe('wf-icon pin');
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    const rendered = render(<StarIcon />)
      .container.querySelector('path')!
      .getAttribute('d');
    expect(svg.querySelector('path')!.getAttribute('d')).toBe(rendered);
    expect(html).not.toContain('key=');
  });
});
