// The sight-detail feature's public API for the other features (the page itself is imported by app/routes.tsx on
// its own, so a feature using the open sight's state does not pull in the page).
export type { DetailState, Sight, SightImage, Station } from './types';
export { detailActions, detailAtom, detailStore, updateOpenSightRating } from './detail-store';
export { initialDetailState } from './detail-reducer';
