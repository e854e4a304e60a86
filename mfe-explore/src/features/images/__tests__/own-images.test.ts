import { noLocalChanges, ownImages, withDeletion, withUpload } from '../utils/own-images';
import type { SightImage } from '../../../lib/sight-cache';

const img = (id: string, user_id: string, status = 'pending'): SightImage => ({
  id,
  user_id,
  status: status as SightImage['status'],
  url: `https://api/x/${id}`,
  width: null,
  height: null,
});

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
