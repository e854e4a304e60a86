import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestServer } from '../testing/test-server';
import { call, seededServer, type Actors } from './product-helpers';

let s: TestServer;
let a: Actors;
beforeAll(async () => ({ s, a } = await seededServer()), 120_000);
afterAll(() => s?.close());

const ZERO = '00000000-0000-4000-8000-000000000000';

describe('admin authorization matrix', () => {
  const writes: Array<[string, string, unknown]> = [
    ['POST', '/admin/news', { title: 'T' }],
    ['PUT', `/admin/news/${ZERO}`, { title: 'T' }],
    ['DELETE', `/admin/news/${ZERO}`, undefined],
    ['POST', '/admin/roadmap', { title: 'T' }],
    ['PUT', `/admin/roadmap/${ZERO}`, { title: 'T' }],
    ['DELETE', `/admin/roadmap/${ZERO}`, undefined],
    ['PUT', '/admin/roadmap/reorder', { items: [ZERO] }],
    ['POST', '/admin/themes', { name: 'X', css_class: 'theme-x' }],
    ['POST', `/admin/themes/${ZERO}/activate`, undefined],
    ['POST', '/admin/shop/items', { slug: 'x', name: 'X', price: 1 }],
    ['PUT', `/admin/shop/items/${ZERO}`, { name: 'X' }],
    ['DELETE', `/admin/shop/items/${ZERO}`, undefined],
    ['POST', `/admin/images/${ZERO}/approve`, undefined],
    ['POST', `/admin/images/${ZERO}/reject`, undefined],
    ['POST', '/admin/sights/wd-Q243/unhide', undefined],
    ['GET', '/admin/roadmap', undefined],
    ['GET', '/admin/stats', undefined],
    ['GET', '/admin/online-users', undefined],
    ['GET', '/admin/user-growth?period=week', undefined],
    ['GET', '/admin/analytics?timeRange=monthly', undefined],
    ['GET', '/admin/audit-log', undefined],
  ];
  it.each(writes)('%s %s: 401 anonymous, 403 user, not 401/403 for admin', async (method, path, body) => {
    expect((await call(s, method, path, a.anon, body)).status).toBe(401);
    expect((await call(s, method, path, a.user, body)).status).toBe(403);
    expect((await call(s, method, path, a.other, body)).status).toBe(403);
    const r = await call(s, method, path, a.admin, body);
    expect([200, 404]).toContain(r.status);
  });
});

describe('news and roadmap', () => {
  it('CRUD with drafts hidden from the public and audited', async () => {
    const created = await call(s, 'POST', '/admin/news', a.admin, { title: 'Draft note', body: 'b' });
    expect(created.body).toMatchObject({ ok: true, news: { title: 'Draft note', is_published: false } });
    expect((await call(s, 'POST', '/admin/news', a.admin, { title: '' })).status).toBe(400);
    const anonList = await call(s, 'GET', '/admin/news', a.anon);
    expect(anonList.body.news.some((n: { id: string }) => n.id === created.body.news.id)).toBe(false);
    const adminList = await call(s, 'GET', '/admin/news', a.admin);
    expect(adminList.body.news.some((n: { id: string }) => n.id === created.body.news.id)).toBe(true);
    const pub = await call(s, 'PUT', `/admin/news/${created.body.news.id}`, a.admin, { is_published: true });
    expect(pub.body.news.is_published).toBe(true);
    expect(pub.body.news.published_at).toBeTruthy();
    expect((await call(s, 'GET', `/news/${created.body.news.id}`, null)).status).toBe(200);
    expect((await call(s, 'DELETE', `/admin/news/${created.body.news.id}`, a.admin)).body).toEqual({
      ok: true,
      message: 'News item deleted',
    });
    const log = await call(s, 'GET', '/admin/audit-log?target_type=news', a.admin);
    expect(log.body.items.map((i: { action: string }) => i.action)).toEqual(
      expect.arrayContaining(['news.create', 'news.update', 'news.delete']),
    );
  });

  it('reorders the roadmap in one transaction', async () => {
    const list = (await call(s, 'GET', '/admin/roadmap', a.admin)).body.roadmap as Array<{ id: string }>;
    const reversed = [...list].reverse().map((r) => r.id);
    expect((await call(s, 'PUT', '/admin/roadmap/reorder', a.admin, { items: reversed })).status).toBe(200);
    const after = (await call(s, 'GET', '/admin/roadmap', a.admin)).body.roadmap as Array<{ id: string }>;
    expect(after.map((r) => r.id)).toEqual(reversed);
    // An unknown id rolls the whole reorder back.
    expect(
      (await call(s, 'PUT', '/admin/roadmap/reorder', a.admin, { items: [list[0].id, ZERO] })).status,
    ).toBe(404);
    expect(
      ((await call(s, 'GET', '/admin/roadmap', a.admin)).body.roadmap as Array<{ id: string }>).map(
        (r) => r.id,
      ),
    ).toEqual(reversed);
  });

  it('stats come from real tables and themes activate one at a time', async () => {
    const stats = await call(s, 'GET', '/admin/stats', a.admin);
    expect(stats.body.ok).toBe(true);
    expect(stats.body.stats.total_sights).toBe(15895);
    expect(stats.body.stats.total_users).toBeGreaterThanOrEqual(4);
    const themes = (await call(s, 'GET', '/admin/themes', a.admin)).body.themes as Array<{
      id: string;
      name: string;
    }>;
    const xmas = themes.find((t) => t.name === 'Christmas Lights')!;
    await call(s, 'POST', `/admin/themes/${xmas.id}/activate`, a.admin);
    expect((await call(s, 'GET', '/active-theme', null)).body.theme).toMatchObject({
      name: 'Christmas Lights',
      is_seasonal: true,
    });
  });
});
