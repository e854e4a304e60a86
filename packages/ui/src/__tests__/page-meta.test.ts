import { metaTags, applyPageMeta } from '../page-meta';

describe('metaTags', () => {
  it('appends the site name, sets index,follow and a summary card without an image', () => {
    const { title, tags } = metaTags({
      title: 'Pricing',
      description: 'Plans',
      url: 'https://x.test/pricing',
    });
    expect(title).toBe('Pricing · Wayfarer');
    expect(tags['name:robots']).toBe('index,follow');
    expect(tags['name:twitter:card']).toBe('summary');
    expect(tags['property:og:title']).toBe(title);
    expect(tags['name:twitter:title']).toBe(title);
    expect(tags['name:description']).toBe('Plans');
    expect(tags['property:og:description']).toBe('Plans');
    expect(tags['name:twitter:description']).toBe('Plans');
    expect(tags['property:og:url']).toBe('https://x.test/pricing');
    expect(tags['property:og:image']).toBeUndefined();
  });

  it('uses noindex,nofollow when flagged and summary_large_image with an image', () => {
    const { title, tags } = metaTags({
      title: 'Wayfarer home',
      noindex: true,
      image: 'https://x.test/a.jpg',
    });
    expect(title).toBe('Wayfarer home');
    expect(tags['name:robots']).toBe('noindex,nofollow');
    expect(tags['name:twitter:card']).toBe('summary_large_image');
    expect(tags['property:og:image']).toBe('https://x.test/a.jpg');
    expect(tags['name:twitter:image']).toBe('https://x.test/a.jpg');
  });

  it('falls back to the current location for og:url', () => {
    expect(metaTags({ title: 'A' }).tags['property:og:url']).toBe(window.location.href);
  });
});

describe('applyPageMeta', () => {
  it('sets the title and replaces earlier managed tags', () => {
    applyPageMeta({ title: 'One', description: 'first', image: 'https://x.test/i.png' });
    expect(document.title).toBe('One · Wayfarer');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('first');
    applyPageMeta({ title: 'Two', noindex: true });
    expect(document.title).toBe('Two · Wayfarer');
    expect(document.head.querySelector('meta[name="description"]')).toBeNull();
    expect(document.head.querySelector('meta[property="og:image"]')).toBeNull();
    expect(document.head.querySelectorAll('meta[name="robots"]')).toHaveLength(1);
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
      'noindex,nofollow',
    );
  });
});
