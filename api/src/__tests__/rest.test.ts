import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { LANGUAGES } from '@wayfarer/contracts';
import { anonKey } from '../auth/jwt';
import { createUser } from '../testing/create-user';
import { startTestServer, type TestServer } from '../testing/test-server';

let s: TestServer;
let key: string;

async function signedIn(email: string, password: string): Promise<SupabaseClient> {
  const m = new Map<string, string>();
  const sb = createClient(s.url, key, {
    auth: {
      flowType: 'pkce',
      storage: {
        getItem: (k) => m.get(k) ?? null,
        setItem: (k, v) => void m.set(k, v),
        removeItem: (k) => void m.delete(k),
      },
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
  const { error } = await sb.auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return sb;
}

beforeAll(async () => {
  s = await startTestServer();
  key = await anonKey(s.config.jwtSecret);
}, 60000);
afterAll(async () => {
  await s?.close();
});

describe('/rest/v1 with supabase-js', () => {
  it('reads and upserts only the own profile', async () => {
    const a = await createUser(s.db, { profile: null });
    const b = await createUser(s.db, { profile: { display_name: 'Bea Other' } });
    const sb = await signedIn(a.email, a.password);
    const none = await sb.from('profiles').select('id, display_name').eq('id', a.id).maybeSingle();
    expect(none.error).toBeNull();
    expect(none.data).toBeNull();
    const up = await sb
      .from('profiles')
      .upsert(
        { id: a.id, display_name: 'Ann Self', gender: 'female', birthdate: '1991-05-06' },
        { onConflict: 'id' },
      )
      .select('id, display_name, birthdate')
      .single();
    expect(up.error).toBeNull();
    expect(up.data).toEqual({ id: a.id, display_name: 'Ann Self', birthdate: '1991-05-06' });
    const again = await sb
      .from('profiles')
      .upsert({ id: a.id, display_name: 'Ann Again' }, { onConflict: 'id' });
    expect(again.error).toBeNull();
    const one = await sb.from('profiles').select('display_name').eq('id', a.id).single();
    expect(one.data).toEqual({ display_name: 'Ann Again' });
    // Another user's row is invisible and cannot be written.
    const other = await sb.from('profiles').select('*').eq('id', b.id);
    expect(other.data).toEqual([]);
    const steal = await sb
      .from('profiles')
      .upsert({ id: b.id, display_name: 'Hacked' }, { onConflict: 'id' });
    expect(steal.error?.code).toBe('42501');
    expect(steal.status).toBe(403);
    const patch = await sb.from('profiles').update({ display_name: 'Hacked' }).eq('id', b.id).select();
    expect(patch.data).toEqual([]);
    const insertOther = await sb.from('profiles').insert({ id: b.id, display_name: 'Hacked' });
    expect(insertOther.error).not.toBeNull();
    const check = await s.db.query<{ display_name: string }>(
      'SELECT display_name FROM public.profiles WHERE id = $1',
      [b.id],
    );
    expect(check.rows[0]!.display_name).toBe('Bea Other');
  });

  it("keeps the user's language: one of the product's languages, anything else a 400 with a message", async () => {
    const a = await createUser(s.db, { profile: { display_name: 'Lea Lang' } });
    const sb = await signedIn(a.email, a.password);
    // Every language of the product is accepted (the migration's CHECK lists the contract's LANGUAGES).
    for (const language of LANGUAGES) {
      const each = await sb.from('profiles').update({ language }).eq('id', a.id);
      expect(each.error).toBeNull();
    }
    const ok = await sb
      .from('profiles')
      .update({ language: 'fr' })
      .eq('id', a.id)
      .select('language')
      .single();
    expect(ok.error).toBeNull();
    expect(ok.data).toEqual({ language: 'fr' });
    const bad = await sb.from('profiles').update({ language: 'klingon' }).eq('id', a.id);
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe('A value in the request is outside what is allowed.');
    const cleared = await sb
      .from('profiles')
      .update({ language: null })
      .eq('id', a.id)
      .select('language')
      .single();
    expect(cleared.data).toEqual({ language: null });
  });

  it('answers .single() on zero rows with 406 PGRST116', async () => {
    const a = await createUser(s.db, { profile: null });
    const sb = await signedIn(a.email, a.password);
    const r = await sb.from('profiles').select('*').eq('id', a.id).single();
    expect(r.status).toBe(406);
    expect(r.error).toMatchObject({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 0 rows',
    });
  });

  it('shows admin_users only for the own row', async () => {
    const admin = await signedIn('admin@wayfarer.local', 'wayfarer-admin');
    const { data: au } = await admin.auth.getUser();
    const mine = await admin.from('admin_users').select('user_id').eq('user_id', au.user!.id).maybeSingle();
    expect(mine.data).toEqual({ user_id: au.user!.id });
    const trav = await signedIn('traveller@wayfarer.local', 'wayfarer-traveller');
    const all = await trav.from('admin_users').select('user_id');
    expect(all.data).toEqual([]);
    const { data: tu } = await trav.auth.getUser();
    const self = await trav.from('admin_users').select('user_id').eq('user_id', tu.user!.id).maybeSingle();
    expect(self.data).toBeNull();
  });

  it('refuses anonymous reads, unknown tables and columns', async () => {
    const anon = await fetch(`${s.url}/rest/v1/profiles?select=*`, {
      headers: { apikey: key, authorization: `Bearer ${key}` },
    });
    expect(anon.status).toBe(401);
    const table = await fetch(`${s.url}/rest/v1/secrets`, { headers: { apikey: key } });
    expect(table.status).toBe(404);
    const col = await fetch(`${s.url}/rest/v1/profiles?select=nope`, { headers: { apikey: key } });
    expect(col.status).toBe(400);
    const bad = await fetch(`${s.url}/rest/v1/profiles?select=*`, {
      headers: { apikey: key, authorization: 'Bearer nonsense' },
    });
    expect(bad.status).toBe(401);
  });

  it('maps a bad value to 400', async () => {
    const a = await createUser(s.db, { profile: null });
    const sb = await signedIn(a.email, a.password);
    const r = await sb.from('profiles').upsert({ id: a.id, birthdate: 'not-a-date' }, { onConflict: 'id' });
    expect(r.status).toBe(400);
  });
});
