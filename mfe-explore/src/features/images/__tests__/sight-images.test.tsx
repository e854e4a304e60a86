import { jest } from '@jest/globals';
import { act, fireEvent, render as rtlRender, screen, within } from '@testing-library/react';
import type { WayfarerSupabase } from '@wayfarer/session';
import {
  initialUserState,
  sessionStore,
  setSupabaseForTests,
  userStateAtom,
  type CurrentUser,
} from '@wayfarer/session';
import { withQueryClient } from '@wayfarer/session/testing';
import { sightKeys, type SightImage } from '../../../lib/sight-cache';
import { SightImages } from '../sight-images';

const ME: CurrentUser = {
  id: 'u-me',
  email: 'me@x.test',
  display_name: 'Me',
  gender: null,
  birthdate: null,
  avatar_url: null,
  isAdmin: false,
};

class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  timeout = 0;
  status = 0;
  statusText = '';
  responseText = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  open(_m: string, url: string) {
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const record = (id: string, status = 'pending') => ({
  id,
  sight_id: 's1',
  user_id: ME.id,
  status,
  path: `sight-images/2026/11/${id}.webp`,
  url: `http://localhost:4000/sights/images/file/sight-images/2026/11/${id}.webp?exp=1&sig=a`,
  url_expires_at: '2026-11-23T12:00:00.000Z',
  mime: 'image/webp',
  width: 10,
  height: 10,
  bytes: 100,
  created_at: '2026-11-23T10:00:00.000Z',
});

/** The page's server-data cache, fresh for each test, as the shell provides it. */
let queries = withQueryClient();
const render = (ui: Parameters<typeof rtlRender>[0]) => rtlRender(ui, { wrapper: queries.wrapper });
const openSight = () =>
  (queries.client.getQueryData(sightKeys.detail('s1')) as { sight: { images: SightImage[] } }).sight;

const fetches: { url: string; method: string }[] = [];
let fetchAnswer: (url: string, method: string) => { status: number; body: unknown } = () => ({
  status: 404,
  body: { error: 'no mock' },
});

function setUser(user: CurrentUser | null) {
  act(() =>
    sessionStore.set(userStateAtom, { ...initialUserState, initialized: true, user: user && { ...user } }),
  );
}

beforeEach(() => {
  queries = withQueryClient();
  FakeXhr.sent = [];
  fetches.length = 0;
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  globalThis.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    fetches.push({ url: String(input), method });
    const r = fetchAnswer(String(input), method);
    return new Response(JSON.stringify(r.body), {
      status: r.status,
      statusText: r.status === 403 ? 'Forbidden' : 'OK',
    });
  }) as unknown as typeof fetch;
  setSupabaseForTests({
    auth: { getSession: async () => ({ data: { session: { access_token: 'tok' } }, error: null }) },
  } as unknown as WayfarerSupabase);
  setUser(ME);
});
afterEach(() => setSupabaseForTests(null));

const picker = () => screen.getByLabelText('Choose a photo to upload');
const choose = async (file: File) => {
  await act(async () => {
    fireEvent.change(picker(), { target: { files: [file] } });
  });
};
const png = (name = 'p.png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

describe('SightImages', () => {
  it('refuses a wrong type or an over-size file with a clear message and no request', async () => {
    render(<SightImages sightId="s1" images={[]} />);
    await choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose a JPEG, PNG or WebP image.');
    const big = png('big.png');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await choose(big);
    expect(screen.getByRole('alert').textContent).toBe('The image is larger than 10 MB.');
    expect(FakeXhr.sent).toHaveLength(0);
    expect(fetches).toHaveLength(0);
  });

  it('uploads with a visible progress, lists the photo as pending, keeps it when the same user is re-read, and once only', async () => {
    render(<SightImages sightId="s1" images={[{ ...record('old', 'approved') } as SightImage]} />);
    await choose(png());
    const xhr = FakeXhr.sent[0];
    expect(xhr.url).toBe('http://localhost:4000/sights/s1/images');
    expect(xhr.headers.Authorization).toBe('Bearer tok');
    expect((xhr.body!.get('image') as File).name).toBe('p.png');
    act(() => xhr.upload.onprogress!({ lengthComputable: true, loaded: 42, total: 100 }));
    expect(screen.getByRole('progressbar', { name: 'Uploading photo' }).getAttribute('aria-valuenow')).toBe(
      '42',
    );
    expect(screen.getByTestId('upload-progress').textContent).toContain('Uploading… 42%');
    await act(async () =>
      xhr.respond(201, {
        ok: true,
        image: record('new'),
        message: 'Uploaded; the image appears on the sight once an admin approves it',
      }),
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    let mine = screen.getAllByTestId('own-image');
    expect(mine.map((li) => li.getAttribute('data-image-id'))).toEqual(['new', 'old']);
    expect(within(mine[0]).getByTestId('pending').textContent).toBe('Pending review');
    expect(within(mine[1]).queryByTestId('pending')).toBeNull();
    expect(within(mine[0]).getByRole('img').getAttribute('src')).toContain('/new.webp?exp=1');

    // Auth events re-read the user (a new object, same id): the upload stays listed.
    setUser(ME);
    expect(screen.getAllByTestId('own-image')).toHaveLength(2);

    // The API answers an identical re-upload with the same image: still one entry.
    await choose(png());
    await act(async () =>
      FakeXhr.sent[1].respond(200, {
        ok: true,
        image: record('new'),
        message: 'This image was already uploaded',
      }),
    );
    mine = screen.getAllByTestId('own-image');
    expect(mine).toHaveLength(2);
    expect(screen.getByTestId('upload-notice').textContent).toBe('This image was already uploaded');

    // Another user signed in on this page sees none of them.
    setUser({ ...ME, id: 'u-other' });
    expect(screen.queryAllByTestId('own-image')).toHaveLength(0);
  });

  it("shows 'Upload failed' with the server's reason", async () => {
    render(<SightImages sightId="s1" images={[]} />);
    await choose(png('fake.png'));
    await act(async () =>
      FakeXhr.sent[0].respond(400, { error: 'Only JPEG, PNG or WebP images are accepted' }),
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Upload failed: Only JPEG, PNG or WebP images are accepted',
    );
    await choose(png('again.png'));
    await act(async () => FakeXhr.sent[1].onerror!());
    expect(screen.getByRole('alert').textContent).toBe('Upload failed: network error');
    expect(screen.queryAllByTestId('own-image')).toHaveLength(0);
  });

  it('deletes an own photo after confirmation; it stays gone when the user is re-read; failures say Delete failed', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    fetchAnswer = (url, method) =>
      method === 'DELETE' && url.endsWith('/images/b')
        ? { status: 500, body: { error: 'boom' } }
        : { status: 200, body: { ok: true, id: 'a', message: 'Image deleted' } };
    const images = [record('a', 'approved') as SightImage, record('b') as SightImage];
    queries.client.setQueryData(sightKeys.detail('s1'), {
      sight: { id: 's1', name: 'S', latitude: 0, longitude: 0, images },
      stations: [],
    });
    render(<SightImages sightId="s1" images={images} />);
    const [b, a] = screen.getAllByTestId('own-image');
    await act(async () => fireEvent.click(within(a).getByRole('button', { name: 'Delete' })));
    expect(fetches).toEqual([{ url: 'http://localhost:4000/sights/s1/images/a', method: 'DELETE' }]);
    expect(screen.getAllByTestId('own-image').map((li) => li.getAttribute('data-image-id'))).toEqual(['b']);
    // The approved photo leaves the page's gallery (the open sight's images) too.
    expect(openSight().images.map((i) => i.id)).toEqual(['b']);
    setUser(ME);
    expect(screen.getAllByTestId('own-image')).toHaveLength(1);
    await act(async () => fireEvent.click(within(b).getByRole('button', { name: 'Delete' })));
    expect(within(b).getByRole('alert').textContent).toBe('Delete failed');
    expect(screen.getAllByTestId('own-image')).toHaveLength(1);
    confirm.mockRestore();
  });

  it('signs the storage path again when the signed URL stopped loading (expired)', async () => {
    fetchAnswer = (url) =>
      url.includes('/sights/images/sign/')
        ? { status: 200, body: { url: 'http://localhost:4000/sights/images/file/fresh.webp?exp=2&sig=b' } }
        : { status: 404, body: {} };
    render(<SightImages sightId="s1" images={[record('a') as SightImage]} />);
    const pic = screen.getByRole('img');
    await act(async () => fireEvent.error(pic));
    expect(fetches[0].url).toBe('http://localhost:4000/sights/images/sign/sight-images/2026/11/a.webp');
    expect(screen.getByRole('img').getAttribute('src')).toBe(
      'http://localhost:4000/sights/images/file/fresh.webp?exp=2&sig=b',
    );
    // A fresh URL that fails too is not signed again.
    await act(async () => fireEvent.error(screen.getByRole('img')));
    expect(fetches).toHaveLength(1);
  });

  it("shows 'Failed to sign image URL: …' when signing is refused", async () => {
    fetchAnswer = () => ({ status: 403, body: { error: 'This image is not public yet' } });
    render(<SightImages sightId="s1" images={[{ ...record('a'), url: null } as unknown as SightImage]} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to sign image URL: Forbidden');
  });
});
