import { readEnv, runtimeConfig, runtimeConfigScript } from '../env';

describe('runtime config handed to the browser', () => {
  it('carries PUBLIC_SITE_ORIGIN as publicSiteOrigin, trailing slashes removed', () => {
    expect(runtimeConfig(readEnv({ PUBLIC_SITE_ORIGIN: 'https://wayfarer.travel/' })).publicSiteOrigin).toBe(
      'https://wayfarer.travel',
    );
    expect(runtimeConfigScript(readEnv({ PUBLIC_SITE_ORIGIN: 'https://wayfarer.travel' }))).toContain(
      '"publicSiteOrigin":"https://wayfarer.travel"',
    );
  });

  it('is empty when unset, so the browser uses its own origin', () => {
    expect(runtimeConfig(readEnv({})).publicSiteOrigin).toBe('');
  });

  it('names no admin: the Admin link follows the API (admin_users), not an e-mail list anyone can read', () => {
    const script = runtimeConfigScript(readEnv({ ADMIN_EMAILS: 'boss@wayfarer.test' }));
    expect(script).not.toContain('boss@wayfarer.test');
    expect(script).not.toContain('admin@wayfarer.local');
    expect(script).not.toContain('adminEmails');
  });
});
