import { detailWithoutImage, noLocalChanges, ownImages, withDeletion, withUpload } from '../own-images';
import { initialDetailState } from '../../sight-detail';
import type { SightImage } from '../../sight-detail';

const img = (id: string, user_id: string, status = 'pending'): SightImage => ({ id, user_id, status, url: `https://api/x/${id}` });

describe('own images', () => {
  const server = [img('a', 'me', 'approved'), img('b', 'other', 'approved'), img('c', 'me')];

  it("lists only the user's images, newest first (the route answers oldest first); none when signed out", () => {
    expect(ownImages(server, 'me', noLocalChanges).map((i) => i.id)).toEqual(['c', 'a']);
    expect(ownImages(server, null, noLocalChanges)).toEqual([]);
  });

  it('puts uploads made here first, once each; the server copy wins once the route lists it', () => {
    let c = withUpload(noLocalChanges, img('n', 'me'));
    c = withUpload(c, img('n', 'me')); // the API answers an identical re-upload with the same image
    expect(ownImages(server, 'me', c).map((i) => i.id)).toEqual(['n', 'c', 'a']);
    const reloaded = [...server, img('n', 'me', 'approved')];
    const mine = ownImages(reloaded, 'me', c);
    expect(mine.map((i) => i.id)).toEqual(['n', 'c', 'a']);
    expect(mine[0].status).toBe('approved');
  });

  it('leaves out images deleted here, also while the server list still has them; a new upload of it shows again', () => {
    let c = withDeletion(withUpload(noLocalChanges, img('n', 'me')), 'n');
    c = withDeletion(c, 'c');
    expect(ownImages(server, 'me', c).map((i) => i.id)).toEqual(['a']);
    expect(ownImages(server, 'me', withUpload(c, img('c', 'me'))).map((i) => i.id)).toEqual(['c', 'a']);
  });
});

describe('detailWithoutImage', () => {
  const state = { ...initialDetailState, lastId: 's1', sight: { id: 's1', name: 'S', latitude: 0, longitude: 0, images: [img('a', 'me', 'approved'), img('b', 'x', 'approved')] } };
  it("drops a deleted image from the open sight (its gallery), leaving other sights' state alone", () => {
    expect(detailWithoutImage(state, 's1', 'a').sight!.images!.map((i) => i.id)).toEqual(['b']);
    expect(detailWithoutImage(state, 's2', 'a')).toBe(state);
    expect(detailWithoutImage(state, 's1', 'zz')).toBe(state);
    expect(detailWithoutImage(initialDetailState, 's1', 'a')).toBe(initialDetailState);
  });
});
