export { SightDetailPage } from './sight-detail-page';
export { detailAtom, detailStore, detailActions } from './detail-store';
export { applyEnrichmentToDetail } from './apply-enrichment';
