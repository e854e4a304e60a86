import { LOCAL_SITE_ORIGIN, PRODUCTION_SITE_ORIGIN, siteOrigin } from '../site-origin';

describe('sign-up and OAuth redirect origin (spec point 7)', () => {
  it('is the configured origin when one is set (normalised to scheme://host:port)', () => {
    expect(siteOrigin('https://wayfarer.travel/', 'http://localhost:3000', false)).toBe(
      'https://wayfarer.travel',
    );
    expect(siteOrigin('https://app.example:8443/some/path', 'http://localhost:3000', true)).toBe(
      'https://app.example:8443',
    );
  });

  it('else the window origin', () => {
    expect(siteOrigin('', 'http://localhost:3010', true)).toBe('http://localhost:3010');
    expect(siteOrigin('not a url', 'https://preview.example', false)).toBe('https://preview.example');
  });

  it('else the production site in a production build, localhost otherwise', () => {
    expect(siteOrigin('', null, true)).toBe(PRODUCTION_SITE_ORIGIN);
    expect(siteOrigin('', null, false)).toBe(LOCAL_SITE_ORIGIN);
    // A sandboxed or file:// page reports the origin 'null'.
    expect(siteOrigin('', 'null', false)).toBe(LOCAL_SITE_ORIGIN);
    expect(siteOrigin('javascript:alert(1)', null, true)).toBe(PRODUCTION_SITE_ORIGIN);
  });

  it('reads PUBLIC_SITE_ORIGIN from the runtime config the page was served with', () => {
    const w = window as unknown as Record<string, unknown>;
    w.__WAYFARER_CONFIG__ = { publicSiteOrigin: 'https://configured.example' };
    try {
      expect(siteOrigin()).toBe('https://configured.example');
      w.__WAYFARER_CONFIG__ = {};
      expect(siteOrigin()).toBe(window.location.origin);
    } finally {
      delete w.__WAYFARER_CONFIG__;
    }
  });
});
