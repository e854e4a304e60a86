import { readEnv, runtimeConfig } from '../env';
import { contentSecurityPolicy } from '../security-headers';

const directive = (csp: string, name: string) =>
  csp
    .split(/;\s*/)
    .find((d) => d.startsWith(`${name} `))
    ?.split(/\s+/)
    .slice(1) ?? [];

describe("the explore map's base layers and the page's policy", () => {
  it('hands MAP_PMTILES_URL to the browser and lets the page read the file (range requests are fetches)', () => {
    const env = readEnv({ MAP_PMTILES_URL: 'https://maps.example-bucket.test/basemap/world.pmtiles' });
    expect(runtimeConfig(env).mapPmtilesUrl).toBe('https://maps.example-bucket.test/basemap/world.pmtiles');
    expect(directive(contentSecurityPolicy(env), 'connect-src')).toContain(
      'https://maps.example-bucket.test',
    );
  });

  it("lets the page fetch the built-in world map from the explore remote's own origin, with no tile server", () => {
    const env = readEnv({ MAP_TILE_URL: '', REMOTE_EXPLORE_URL: 'http://localhost:3001' });
    expect(runtimeConfig(env).mapPmtilesUrl).toBe('');
    expect(directive(contentSecurityPolicy(env), 'connect-src')).toContain('http://localhost:3001');
  });
});
