import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  AdminMergeResponse,
  AdminShopItemResponse,
  AdminShopItemsResponse,
  AdminSightDetailResponse,
  AdminSightSearchResponse,
  AnalyticsResponse,
  AuditLogResponse,
  PendingImagesResponse,
} from '@wayfarer/contracts';
import { normalizeName } from '../services/categories';
import type { TestServer } from '../testing/test-server';
import { call, seededServer, type Actors } from './product-helpers';

let s: TestServer;
let a: Actors;
beforeAll(async () => ({ s, a } = await seededServer()), 120_000);
afterAll(() => s?.close());

const ZERO = '00000000-0000-4000-8000-000000000000';

/** A sight of our own, so the tests never depend on (or disturb) a seeded one. */
async function makeSight(id: string, name: string, extra: { description?: string; cover?: string } = {}) {
  await s.db.query(
    `INSERT INTO public.sights (id, slug, name, normalized_name, description, cover_image_url, latitude, longitude, category_slugs, city, country, country_code)
     VALUES ($1, $1, $2, $3, $4, $5, 41.9, 12.5, '{landmark}', 'Rome', 'Italy', 'IT')`,
    [id, name, normalizeName(name), extra.description ?? '', extra.cover ?? null],
  );
}

describe('admin content routes: authorization', () => {
  const routes: Array<[string, string, unknown]> = [
    ['GET', '/admin/sights?q=eiffel', undefined],
    ['GET', '/admin/sights/wd-Q243', undefined],
    ['PUT', '/admin/sights/no-such-sight', { name: 'X' }],
    ['POST', '/admin/sights/no-such-sight/hide', undefined],
    ['POST', '/admin/sights/no-such-sight/unhide', undefined],
    ['PUT', '/admin/sights/no-such-sight/stations', { stations: [] }],
    ['POST', '/admin/sights/merge', { keep_id: 'no-such-a', merge_ids: ['no-such-b'] }],
    ['PUT', `/admin/themes/${ZERO}`, { is_seasonal: true }],
    ['GET', '/admin/audit-log?actor=x', undefined],
    ['GET', '/admin/images/pending', undefined],
    ['POST', '/admin/images/approve', { ids: [ZERO] }],
    ['GET', '/admin/shop/items', undefined],
    ['GET', '/admin/analytics?timeRange=weekly&type=shop', undefined],
  ];
  it.each(routes)(
    '%s %s: 401 without a token, 403 for a user, answered for the admin',
    async (method, path, body) => {
      const anon = await call(s, method, path, a.anon, body);
      expect(anon.status).toBe(401);
      expect(anon.body.error).toBe('Authentication required');
      const user = await call(s, method, path, a.user, body);
      expect(user.status).toBe(403);
      expect(user.body.error).toBe('Admins only');
      const admin = await call(s, method, path, a.admin, body);
      expect([200, 404]).toContain(admin.status);
      expect(admin.body).not.toHaveProperty('stack');
    },
  );

  it('checks the role before the input: a bad body from a non-admin is 403, not 400', async () => {
    expect((await call(s, 'PUT', '/admin/sights/x', a.user, { name: '' })).status).toBe(403);
    expect((await call(s, 'POST', '/admin/sights/merge', a.anon, {})).status).toBe(401);
  });
});

describe('sights: search, edit, hide', () => {
  it('searches by name ignoring accents and case, and by city', async () => {
    await makeSight('t-search-1', 'Fontana di Trévi (test)');
    const r = await call(s, 'GET', '/admin/sights?q=TREVI%20(test)', a.admin);
    const body = AdminSightSearchResponse.parse(r.body);
    expect(body.items.map((i) => i.id)).toContain('t-search-1');
    expect(body.items[0]).toMatchObject({
      hidden: false,
      merged_into: null,
      comments_count: 0,
      stations_count: 0,
    });
    const byCity = AdminSightSearchResponse.parse(
      (await call(s, 'GET', '/admin/sights?q=rome&pageSize=100', a.admin)).body,
    );
    expect(byCity.total).toBeGreaterThan(0);
    expect(byCity.pageSize).toBe(100);
    expect((await call(s, 'GET', '/admin/sights?pageSize=1000', a.admin)).status).toBe(400);
  });

  it('edits name, description, categories and cover; the public detail shows it and the log records it', async () => {
    await makeSight('t-edit', 'Old Name');
    const r = await call(s, 'PUT', '/admin/sights/t-edit', a.admin, {
      name: 'Colosseo Nuovo',
      description: 'An edited description.',
      category_slugs: ['historic', 'landmark'],
      cover_image_url: 'https://upload.wikimedia.org/example.jpg',
    });
    expect(r.status).toBe(200);
    expect(r.body.sight).toMatchObject({
      name: 'Colosseo Nuovo',
      description: 'An edited description.',
      category_slugs: ['historic', 'landmark'],
      cover_image_url: 'https://upload.wikimedia.org/example.jpg',
      slug: 't-edit',
    });
    const pub = await call(s, 'GET', '/sights/detail/t-edit', null);
    expect(pub.body.sight).toMatchObject({ name: 'Colosseo Nuovo', description: 'An edited description.' });
    // The search key follows the new name.
    const found = AdminSightSearchResponse.parse(
      (await call(s, 'GET', '/admin/sights?q=colosseo%20nuovo', a.admin)).body,
    );
    expect(found.items[0]?.id).toBe('t-edit');
    const log = AuditLogResponse.parse(
      (await call(s, 'GET', '/admin/audit-log?action=sight.update&target_id=t-edit', a.admin)).body,
    );
    expect(log.items[0]).toMatchObject({
      action: 'sight.update',
      target_type: 'sight',
      target_id: 't-edit',
      admin_id: a.admin.id,
    });
  });

  it('rejects invalid edits with a message', async () => {
    await makeSight('t-bad', 'Bad Edits');
    for (const body of [
      {},
      { name: '  ' },
      { category_slugs: ['beach'] },
      { category_slugs: [] },
      { cover_image_url: 'javascript:alert(1)' },
      { is_hidden: true },
    ]) {
      const r = await call(s, 'PUT', '/admin/sights/t-bad', a.admin, body);
      expect(r.status).toBe(400);
      expect(typeof r.body.error).toBe('string');
    }
    expect((await call(s, 'PUT', '/admin/sights/no-such-sight', a.admin, { name: 'X' })).status).toBe(404);
  });

  it('hides a sight from travellers and shows it again', async () => {
    await makeSight('t-hide', 'Hidden Test Sight');
    const hidden = await call(s, 'POST', '/admin/sights/t-hide/hide', a.admin);
    expect(hidden.body.sight.hidden).toBe(true);
    expect((await call(s, 'GET', '/sights/detail/t-hide', null)).status).toBe(404);
    const near = await call(s, 'GET', '/sights/nearby?lat=41.9&lon=12.5&km=1', null);
    expect(near.body.items.map((i: { id: string }) => i.id)).not.toContain('t-hide');
    const hiddenOnly = AdminSightSearchResponse.parse(
      (await call(s, 'GET', '/admin/sights?q=hidden%20test&hidden=true', a.admin)).body,
    );
    expect(hiddenOnly.items.map((i) => i.id)).toEqual(['t-hide']);
    expect((await call(s, 'POST', '/admin/sights/t-hide/unhide', a.admin)).body.sight.hidden).toBe(false);
    expect((await call(s, 'GET', '/sights/detail/t-hide', null)).status).toBe(200);
    const actions = AuditLogResponse.parse(
      (await call(s, 'GET', '/admin/audit-log?target_id=t-hide', a.admin)).body,
    ).items.map((i) => i.action);
    expect(actions).toEqual(['sight.unhide', 'sight.hide']);
  });
});

describe('stations', () => {
  it('adds, reorders, edits and removes stations; the order persists and the public detail follows it', async () => {
    await makeSight('t-stations', 'Station Test Sight');
    const put = (stations: unknown[]) =>
      call(s, 'PUT', '/admin/sights/t-stations/stations', a.admin, { stations });
    const added = await put([
      { title: 'Gate', text: 'Start at the gate.' },
      { title: 'Hall', text: 'The hall.' },
      { title: 'Tower', text: 'Climb.' },
    ]);
    expect(added.status).toBe(200);
    const [gate, hall, tower] = added.body.stations as Array<{ id: string; title: string }>;
    expect([gate!.title, hall!.title, tower!.title]).toEqual(['Gate', 'Hall', 'Tower']);

    // Tower moves to the front, Hall's text changes, Gate is removed, a new one is appended.
    const r = await put([
      { id: tower!.id, title: 'Tower', text: 'Climb.' },
      { id: hall!.id, title: 'Great hall', text: 'The great hall.' },
      { title: 'Garden', text: '' },
    ]);
    expect(r.status).toBe(200);
    const detail = AdminSightDetailResponse.parse(
      (await call(s, 'GET', '/admin/sights/t-stations', a.admin)).body,
    );
    expect(detail.stations.map((st) => [st.title, st.position])).toEqual([
      ['Tower', 1],
      ['Great hall', 2],
      ['Garden', 3],
    ]);
    expect(detail.stations[0]!.id).toBe(tower!.id);
    expect(detail.sight.stations_count).toBe(3);
    const pub = await call(s, 'GET', '/sights/detail/t-stations', null);
    expect(pub.body.stations.map((st: { title: string; text: string }) => st.title)).toEqual([
      'Tower',
      'Great hall',
      'Garden',
    ]);
    expect(pub.body.stations[1].text).toBe('The great hall.');
  });

  it('refuses a station of another sight, duplicates and empty titles, changing nothing', async () => {
    await makeSight('t-st-a', 'Stations A');
    await makeSight('t-st-b', 'Stations B');
    const a1 = (
      await call(s, 'PUT', '/admin/sights/t-st-a/stations', a.admin, {
        stations: [{ title: 'A1', text: '' }],
      })
    ).body.stations[0];
    const other = await call(s, 'PUT', '/admin/sights/t-st-b/stations', a.admin, {
      stations: [{ id: a1.id, title: 'Stolen', text: '' }],
    });
    expect(other.status).toBe(400);
    expect(other.body.error).toMatch(/does not belong/);
    expect(
      (
        await call(s, 'PUT', '/admin/sights/t-st-a/stations', a.admin, {
          stations: [
            { id: a1.id, title: 'x' },
            { id: a1.id, title: 'y' },
          ],
        })
      ).status,
    ).toBe(400);
    expect(
      (await call(s, 'PUT', '/admin/sights/t-st-a/stations', a.admin, { stations: [{ title: ' ' }] })).status,
    ).toBe(400);
    expect((await call(s, 'PUT', '/admin/sights/no-such/stations', a.admin, { stations: [] })).status).toBe(
      404,
    );
    const after = AdminSightDetailResponse.parse(
      (await call(s, 'GET', '/admin/sights/t-st-a', a.admin)).body,
    );
    expect(after.stations.map((st) => st.title)).toEqual(['A1']);
  });
});

describe('station locations', () => {
  it('stores, returns, keeps and clears station coordinates; the public detail gives them to follow me', async () => {
    await makeSight('t-st-geo', 'Located Stations');
    const put = (stations: unknown[]) =>
      call(s, 'PUT', '/admin/sights/t-st-geo/stations', a.admin, { stations });
    const r = await put([
      { title: 'Portico', text: 'Columns.', latitude: 41.89861, longitude: 12.47687 },
      { title: 'Dome', text: 'Look up.' },
    ]);
    expect(r.status).toBe(200);
    const [portico, dome] = r.body.stations as Array<{
      id: string;
      latitude: number | null;
      longitude: number | null;
    }>;
    expect([portico!.latitude, portico!.longitude]).toEqual([41.89861, 12.47687]);
    expect([dome!.latitude, dome!.longitude]).toEqual([null, null]);
    const detail = AdminSightDetailResponse.parse(
      (await call(s, 'GET', '/admin/sights/t-st-geo', a.admin)).body,
    );
    expect(detail.stations.map((st) => [st.title, st.latitude, st.longitude])).toEqual([
      ['Portico', 41.89861, 12.47687],
      ['Dome', null, null],
    ]);
    const pub = await call(s, 'GET', '/sights/detail/t-st-geo', null);
    expect(
      pub.body.stations.map((st: { latitude: number | null; longitude: number | null }) => [
        st.latitude,
        st.longitude,
      ]),
    ).toEqual([
      [41.89861, 12.47687],
      [null, null],
    ]);

    // Left out: kept (an editor without the fields does not erase them); given: replaced; null: cleared.
    await put([
      { id: portico!.id, title: 'Portico', text: 'Columns.' },
      { id: dome!.id, title: 'Dome', text: 'Look up.', latitude: -33.8568, longitude: 151.2153 },
    ]);
    let now = AdminSightDetailResponse.parse(
      (await call(s, 'GET', '/admin/sights/t-st-geo', a.admin)).body,
    ).stations;
    expect(now.map((st) => [st.latitude, st.longitude])).toEqual([
      [41.89861, 12.47687],
      [-33.8568, 151.2153],
    ]);
    await put([
      { id: portico!.id, title: 'Portico', text: 'Columns.', latitude: null, longitude: null },
      { id: dome!.id, title: 'Dome', text: 'Look up.' },
    ]);
    now = AdminSightDetailResponse.parse(
      (await call(s, 'GET', '/admin/sights/t-st-geo', a.admin)).body,
    ).stations;
    expect(now.map((st) => [st.latitude, st.longitude])).toEqual([
      [null, null],
      [-33.8568, 151.2153],
    ]);
  });

  it.each([
    [{ latitude: 91, longitude: 0 }, /Latitude must be between -90 and 90/],
    [{ latitude: -90.5, longitude: 0 }, /Latitude must be between -90 and 90/],
    [{ latitude: 0, longitude: 180.1 }, /Longitude must be between -180 and 180/],
    [{ latitude: 41.9 }, /needs both latitude and longitude/],
    [{ longitude: 12.5 }, /needs both latitude and longitude/],
    [{ latitude: 41.9, longitude: null }, /needs both latitude and longitude/],
    [{ latitude: '41.9', longitude: '12.5' }, /latitude/],
  ])('refuses the location %j with a 400 and changes nothing', async (loc, message) => {
    const id = 't-st-bad';
    if (!(await s.db.query('SELECT 1 FROM public.sights WHERE id = $1', [id])).rowCount) {
      await makeSight(id, 'Badly Located');
      await call(s, 'PUT', `/admin/sights/${id}/stations`, a.admin, {
        stations: [{ title: 'Kept', text: '', latitude: 1, longitude: 2 }],
      });
    }
    const before = AdminSightDetailResponse.parse(
      (await call(s, 'GET', `/admin/sights/${id}`, a.admin)).body,
    ).stations;
    const r = await call(s, 'PUT', `/admin/sights/${id}/stations`, a.admin, {
      stations: [{ title: 'Somewhere', text: '', ...loc }],
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(message);
    const after = AdminSightDetailResponse.parse(
      (await call(s, 'GET', `/admin/sights/${id}`, a.admin)).body,
    ).stations;
    expect(after).toEqual(before);
  });
});

describe('merge duplicates', () => {
  it('moves comments, images and stations to the kept sight, hides the duplicates and updates the rating', async () => {
    await makeSight('t-keep', 'Pantheon Test');
    await makeSight('t-dupe', 'Pantheon Test Duplicate', {
      description: 'From the duplicate',
      cover: 'https://example.org/pantheon.jpg',
    });
    await call(s, 'PUT', '/admin/sights/t-keep/stations', a.admin, {
      stations: [{ title: 'Portico', text: '' }],
    });
    await call(s, 'PUT', '/admin/sights/t-dupe/stations', a.admin, {
      stations: [
        { title: 'Dome', text: '' },
        { title: 'Oculus', text: '' },
      ],
    });
    const c1 = await call(s, 'POST', '/sights/t-dupe/comments', a.user, { body: 'Great dome', rating: 5 });
    expect(c1.status).toBeLessThan(300);
    await call(s, 'POST', '/sights/t-keep/comments', a.other, { body: 'Nice', rating: 3 });
    await call(s, 'POST', '/sights/t-dupe/comments', a.other, { body: 'Agreed', parent_id: c1.body.id });
    await s.db.query(
      "INSERT INTO public.sight_images (sight_id, user_id, storage_path, mime, status) VALUES ('t-dupe', $1, 'test/a.png', 'image/png', 'approved')",
      [a.user.id],
    );

    const r = await call(s, 'POST', '/admin/sights/merge', a.admin, {
      keep_id: 't-keep',
      merge_ids: ['t-dupe'],
    });
    expect(r.status).toBe(200);
    const body = AdminMergeResponse.parse(r.body);
    expect(body.moved).toEqual({ comments: 2, images: 1, stations: 2, guides: 0 });
    expect(body.sight).toMatchObject({
      id: 't-keep',
      comments_count: 3,
      images_count: 1,
      stations_count: 3,
      ratings_count: 2,
      rating_avg: 4,
    });
    // Empty fields of the kept sight are filled from the duplicate.
    expect(body.sight).toMatchObject({
      description: 'From the duplicate',
      cover_image_url: 'https://example.org/pantheon.jpg',
    });

    const comments = await call(s, 'GET', '/sights/t-keep/comments', null);
    expect(comments.body.items.map((c: { body: string }) => c.body).sort()).toEqual([
      'Agreed',
      'Great dome',
      'Nice',
    ]);
    const stations = AdminSightDetailResponse.parse(
      (await call(s, 'GET', '/admin/sights/t-keep', a.admin)).body,
    ).stations;
    expect(stations.map((st) => [st.title, st.position])).toEqual([
      ['Portico', 1],
      ['Dome', 2],
      ['Oculus', 3],
    ]);
    const dupe = AdminSightDetailResponse.parse((await call(s, 'GET', '/admin/sights/t-dupe', a.admin)).body);
    expect(dupe.sight).toMatchObject({
      hidden: true,
      merged_into: 't-keep',
      comments_count: 0,
      images_count: 0,
      ratings_count: 0,
    });
    // Old links to the duplicate land on the kept sight; a plain hidden sight stays not found.
    const followed = await call(s, 'GET', '/sights/detail/t-dupe', null);
    expect(followed.status).toBe(200);
    expect(followed.body).toMatchObject({ sight: { id: 't-keep' }, merged_from: 't-dupe' });
    expect(followed.body.stations).toHaveLength(3);

    // A merged sight stays hidden and cannot be merged again or used as the target.
    expect((await call(s, 'POST', '/admin/sights/t-dupe/unhide', a.admin)).status).toBe(400);
    expect(
      (await call(s, 'POST', '/admin/sights/merge', a.admin, { keep_id: 't-keep', merge_ids: ['t-dupe'] }))
        .status,
    ).toBe(400);
    expect(
      (await call(s, 'POST', '/admin/sights/merge', a.admin, { keep_id: 't-dupe', merge_ids: ['t-keep'] }))
        .status,
    ).toBe(400);
    const log = AuditLogResponse.parse(
      (await call(s, 'GET', '/admin/audit-log?action=sight.merge', a.admin)).body,
    );
    expect(log.items[0]).toMatchObject({ target_id: 't-keep', details: { merged: ['t-dupe'] } });
  });

  it('validates the merge request and rolls back on an unknown id', async () => {
    await makeSight('t-m1', 'Merge One');
    await makeSight('t-m2', 'Merge Two');
    await call(s, 'POST', '/sights/t-m2/comments', a.user, { body: 'stay here' });
    expect(
      (await call(s, 'POST', '/admin/sights/merge', a.admin, { keep_id: 't-m1', merge_ids: ['t-m1'] }))
        .status,
    ).toBe(400);
    expect(
      (await call(s, 'POST', '/admin/sights/merge', a.admin, { keep_id: 't-m1', merge_ids: [] })).status,
    ).toBe(400);
    const missing = await call(s, 'POST', '/admin/sights/merge', a.admin, {
      keep_id: 't-m1',
      merge_ids: ['t-m2', 'no-such-sight'],
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toContain('no-such-sight');
    const m2 = AdminSightDetailResponse.parse((await call(s, 'GET', '/admin/sights/t-m2', a.admin)).body);
    expect(m2.sight).toMatchObject({ hidden: false, merged_into: null, comments_count: 1 });
  });
});

describe('themes, shop, moderation, analytics and the audit log', () => {
  it('sets the seasonal flag of a theme', async () => {
    const themes = (await call(s, 'GET', '/admin/themes', a.admin)).body.themes as Array<{
      id: string;
      is_seasonal: boolean;
    }>;
    const t = themes[0]!;
    const r = await call(s, 'PUT', `/admin/themes/${t.id}`, a.admin, { is_seasonal: !t.is_seasonal });
    expect(r.body.theme).toMatchObject({ id: t.id, is_seasonal: !t.is_seasonal });
    expect((await call(s, 'PUT', `/admin/themes/${t.id}`, a.admin, { is_seasonal: 'yes' })).status).toBe(400);
    expect((await call(s, 'PUT', `/admin/themes/${ZERO}`, a.admin, { is_seasonal: true })).status).toBe(404);
    await call(s, 'PUT', `/admin/themes/${t.id}`, a.admin, { is_seasonal: t.is_seasonal });
  });

  it('shop CRUD: slug from the name, image, sales per item, delete keeps sold items as inactive', async () => {
    const created = AdminShopItemResponse.parse(
      (
        await call(s, 'POST', '/admin/shop/items', a.admin, {
          name: 'Golden Compass',
          description: 'Shiny',
          price: 40,
          image_url: 'https://example.org/compass.png',
        })
      ).body,
    );
    expect(created.item).toMatchObject({
      slug: 'golden-compass',
      image_url: 'https://example.org/compass.png',
      is_active: true,
      sales: 0,
      revenue: 0,
    });
    const twin = AdminShopItemResponse.parse(
      (await call(s, 'POST', '/admin/shop/items', a.admin, { name: 'Golden Compass', price: 1 })).body,
    );
    expect(twin.item.slug).toBe('golden-compass-2');
    expect((await call(s, 'POST', '/admin/shop/items', a.admin, { name: 'Cheap', price: 1.5 })).status).toBe(
      400,
    );
    expect((await call(s, 'PUT', `/admin/shop/items/${created.item.id}`, a.admin, {})).status).toBe(400);

    await s.db.query(
      "INSERT INTO public.currency_ledger (user_id, amount, reason) VALUES ($1, 100, 'test grant')",
      [a.user.id],
    );
    expect((await call(s, 'POST', '/shop/purchase', a.user, { item_id: created.item.id })).status).toBe(200);
    const list = AdminShopItemsResponse.parse((await call(s, 'GET', '/admin/shop/items', a.admin)).body);
    expect(list.items.find((i) => i.id === created.item.id)).toMatchObject({ sales: 1, revenue: 40 });
    expect(list.items.find((i) => i.id === created.item.id)!.last_sold_at).toBeTruthy();

    const edited = AdminShopItemResponse.parse(
      (await call(s, 'PUT', `/admin/shop/items/${created.item.id}`, a.admin, { price: 45, image_url: null }))
        .body,
    );
    expect(edited.item).toMatchObject({ price: 45, image_url: null, sales: 1 });

    const sold = await call(s, 'DELETE', `/admin/shop/items/${created.item.id}`, a.admin);
    expect(sold.body).toMatchObject({ ok: true, deleted: false });
    const unsold = await call(s, 'DELETE', `/admin/shop/items/${twin.item.id}`, a.admin);
    expect(unsold.body).toMatchObject({ ok: true, deleted: true });
    const after = AdminShopItemsResponse.parse(
      (await call(s, 'GET', '/admin/shop/items', a.admin)).body,
    ).items;
    expect(after.find((i) => i.id === created.item.id)?.is_active).toBe(false);
    expect(after.find((i) => i.id === twin.item.id)).toBeUndefined();
  });

  it('lists pending images with the uploader and sight, and approves them in bulk', async () => {
    await makeSight('t-img', 'Image Test Sight');
    const ids = (
      await s.db.query<{ id: string }>(
        "INSERT INTO public.sight_images (sight_id, user_id, storage_path, mime) VALUES ('t-img', $1, 'test/p1.png', 'image/png'), ('t-img', $1, 'test/p2.png', 'image/png') RETURNING id",
        [a.user.id],
      )
    ).rows.map((r) => r.id);
    const pending = PendingImagesResponse.parse(
      (await call(s, 'GET', '/admin/images/pending', a.admin)).body,
    );
    const mine = pending.items.filter((i) => ids.includes(i.id));
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({
      sight_id: 't-img',
      sight_name: 'Image Test Sight',
      user_id: a.user.id,
      storage_path: 'test/p1.png',
    });
    expect(mine[0]!.uploader_name).toBeTruthy();
    const r = await call(s, 'POST', '/admin/images/approve', a.admin, { ids });
    expect(r.body.updated.sort()).toEqual([...ids].sort());
    const again = PendingImagesResponse.parse((await call(s, 'GET', '/admin/images/pending', a.admin)).body);
    expect(again.items.filter((i) => ids.includes(i.id))).toHaveLength(0);
    expect((await call(s, 'POST', '/admin/images/approve', a.admin, { ids: ['not-a-uuid'] })).status).toBe(
      400,
    );
  });

  it('analytics answers one series per type, both without it; top items carry their sales', async () => {
    const fin = AnalyticsResponse.parse(
      (await call(s, 'GET', '/admin/analytics?timeRange=monthly&type=financial', a.admin)).body,
    );
    expect(fin.financial?.length).toBeGreaterThan(0);
    expect(fin.shop).toBeUndefined();
    const shop = AnalyticsResponse.parse(
      (await call(s, 'GET', '/admin/analytics?timeRange=daily&type=shop', a.admin)).body,
    );
    expect(shop.financial).toBeUndefined();
    const today = shop.shop!.at(-1)!;
    expect(today.sales).toBeGreaterThanOrEqual(1);
    expect(today.top_items[0]).toEqual({ name: 'Golden Compass', sales: 1 });
    const both = AnalyticsResponse.parse((await call(s, 'GET', '/admin/analytics', a.admin)).body);
    expect(both.financial && both.shop).toBeTruthy();
    expect((await call(s, 'GET', '/admin/analytics?type=other', a.admin)).status).toBe(400);
  });

  it('the audit log says who did what and when, filters by admin and action prefix, and pages', async () => {
    const email = (
      await s.db.query<{ email: string }>('SELECT email FROM auth.users WHERE id = $1', [a.admin.id])
    ).rows[0]!.email;
    const all = AuditLogResponse.parse(
      (
        await call(
          s,
          'GET',
          `/admin/audit-log?actor=${encodeURIComponent(email.toUpperCase())}&pageSize=200`,
          a.admin,
        )
      ).body,
    );
    expect(all.total).toBeGreaterThan(5);
    expect(all.items.every((i) => i.admin_email === email && i.admin_id === a.admin.id)).toBe(true);
    expect(all.items[0]!.admin_name).toBeTruthy();
    const times = all.items.map((i) => Date.parse(i.created_at));
    expect([...times].sort((x, y) => y - x)).toEqual(times);

    const shop = AuditLogResponse.parse(
      (await call(s, 'GET', '/admin/audit-log?action=shop_item', a.admin)).body,
    );
    expect(new Set(shop.items.map((i) => i.action))).toEqual(
      new Set(['shop_item.create', 'shop_item.update', 'shop_item.deactivate', 'shop_item.delete']),
    );
    const p1 = AuditLogResponse.parse(
      (await call(s, 'GET', '/admin/audit-log?pageSize=2&page=1', a.admin)).body,
    );
    const p2 = AuditLogResponse.parse(
      (await call(s, 'GET', '/admin/audit-log?pageSize=2&page=2', a.admin)).body,
    );
    expect(p1.items).toHaveLength(2);
    expect(p2.items[0]!.id).not.toBe(p1.items[0]!.id);
    expect(p2.total).toBe(p1.total);
    expect((await call(s, 'GET', '/admin/audit-log?actor=nobody-like-this', a.admin)).body.total).toBe(0);
    expect((await call(s, 'GET', '/admin/audit-log?action=100%25', a.admin)).body.total).toBe(0);
  });
});
